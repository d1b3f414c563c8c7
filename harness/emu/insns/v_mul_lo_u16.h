// v_mul_lo_u16: D.u16 = low 16 bits of S0.u16 * S1.u16 (AMD RDNA4 ISA reference guide, V_MUL_LO_U16; LLVM accepts no clamp here).
vop_u16(w, in, [](uint16_t x, uint16_t y, uint16_t) { return uint16_t(uint32_t(x) * y); });
