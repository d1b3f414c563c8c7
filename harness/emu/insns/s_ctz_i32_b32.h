// s_ctz_i32_b32
uint32_t x = S0; SDST(x ? uint32_t(__builtin_ctz(x)) : ~0u);
