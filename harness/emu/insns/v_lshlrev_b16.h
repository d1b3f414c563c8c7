// v_lshlrev_b16: D.u16 = S1.u16 << S0[3:0] (AMD RDNA4 ISA reference guide, V_LSHLREV_B16).
vop_u16(w, in, [](uint16_t x, uint16_t y, uint16_t) { return uint16_t(uint32_t(y) << (x & 15)); });
