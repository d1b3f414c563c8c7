// s_clz_i32_u32
uint32_t x = S0; SDST(x ? uint32_t(__builtin_clz(x)) : ~0u);
