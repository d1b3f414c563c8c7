// s_ctz_i32_b64: count trailing zeros of a 64-bit value; -1 if zero.
uint64_t x = S0_64; SDST(x ? uint32_t(__builtin_ctzll(x)) : ~0u);
