// v_max_i16: D.i16 = S0.i16 >= S1.i16 ? S0 : S1 (AMD RDNA4 ISA reference guide, V_MAX_I16).
vop_u16(w, in, [](uint16_t x, uint16_t y, uint16_t) { return uint16_t(std::max(int16_t(x), int16_t(y))); });
