// v_max3_u32
vop_u32(w, in, [](uint32_t a, uint32_t b, uint32_t c) { (void)c; return std::max(std::max(a, b), c); });
