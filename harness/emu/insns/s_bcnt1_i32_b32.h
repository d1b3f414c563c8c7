// s_bcnt1_i32_b32
uint32_t r = __builtin_popcount(S0); SDST(r); SCC = r != 0;
