// v_clz_i32_u32
vop_u32(w, in, [](uint32_t a, uint32_t, uint32_t) { return a ? uint32_t(__builtin_clz(a)) : ~0u; });
