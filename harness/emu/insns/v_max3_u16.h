// v_max3_u16: D.u16 = max(max(S0, S1), S2), unsigned (AMD RDNA4 ISA reference guide, V_MAX3_U16).
vop_u16(w, in, [](uint16_t x, uint16_t y, uint16_t z) { return std::max(std::max(x, y), z); });
