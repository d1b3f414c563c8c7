// v_minmax_u32: D = max(min(S0, S1), S2), unsigned (AMD RDNA4 ISA reference guide, V_MINMAX_U32).
vop_u32(w, in, [](uint32_t a, uint32_t b, uint32_t c) { return std::max(std::min(a, b), c); });
