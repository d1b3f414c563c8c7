// v_med3_u16: median of S0, S1, S2, unsigned (AMD RDNA4 ISA reference guide, V_MED3_U16: the max of the two
// operands other than the first one equal to max3).
vop_u16(w, in, [](uint16_t x, uint16_t y, uint16_t z) { return med3(x, y, z); });
