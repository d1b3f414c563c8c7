// v_maxmin_u32: D = min(max(S0, S1), S2), unsigned (AMD RDNA4 ISA reference guide, V_MAXMIN_U32).
vop_u32(w, in, [](uint32_t a, uint32_t b, uint32_t c) { return std::min(std::max(a, b), c); });
