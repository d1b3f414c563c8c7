// v_ashrrev_i16: D.i16 = S1.i16 >> S0[3:0], arithmetic (AMD RDNA4 ISA reference guide, V_ASHRREV_I16).
vop_u16(w, in, [](uint16_t x, uint16_t y, uint16_t) { return uint16_t(int16_t(y) >> (x & 15)); });
