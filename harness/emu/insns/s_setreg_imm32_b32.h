// s_setreg_imm32_b32: as s_setreg_b32 with the 32-bit literal after the instruction.
hwreg_write(w, in, S0);
