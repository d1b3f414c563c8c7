// v_min_u16: D.u16 = S0.u16 < S1.u16 ? S0 : S1 (AMD RDNA4 ISA reference guide, V_MIN_U16).
vop_u16(w, in, [](uint16_t x, uint16_t y, uint16_t) { return std::min(x, y); });
