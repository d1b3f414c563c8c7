// v_med3_i16: median of S0, S1, S2, signed (AMD RDNA4 ISA reference guide, V_MED3_I16).
vop_u16(w, in, [](uint16_t x, uint16_t y, uint16_t z) { return uint16_t(med3(int16_t(x), int16_t(y), int16_t(z))); });
