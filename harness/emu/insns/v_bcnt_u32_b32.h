// v_bcnt_u32_b32
vop_u32(w, in, [](uint32_t a, uint32_t b, uint32_t c) { (void)c; return uint32_t(__builtin_popcount(a)) + b; });
