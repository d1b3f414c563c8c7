// s_setreg_b32: the field (simm16 id, offset, size) of a hardware register = the
// low `size` bits of S0 (the sdst field names the source SGPR; salu.h hwreg_write).
hwreg_write(w, in, S0);
