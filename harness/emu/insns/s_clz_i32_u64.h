// s_clz_i32_u64: number of leading zeros of a 64-bit value; -1 if it is zero.
uint64_t x = S0_64; SDST(x ? uint32_t(__builtin_clzll(x)) : ~0u);
