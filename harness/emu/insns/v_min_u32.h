// v_min_u32
vop_u32(w, in, [](uint32_t a, uint32_t b, uint32_t) { return std::min(a, b); });
