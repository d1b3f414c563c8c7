// v_or_b16: D.u16 = S0.u16 | S1.u16.
vop_u16(w, in, [](uint16_t x, uint16_t y, uint16_t) { return uint16_t(x | y); });
