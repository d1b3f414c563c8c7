// v_min3_u16: D.u16 = min(min(S0, S1), S2), unsigned (AMD RDNA4 ISA reference guide, V_MIN3_U16).
vop_u16(w, in, [](uint16_t x, uint16_t y, uint16_t z) { return std::min(std::min(x, y), z); });
