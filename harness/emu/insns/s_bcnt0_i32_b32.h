// s_bcnt0_i32_b32: D = number of zero bits of S0; SCC = D != 0.
uint32_t r = 32 - __builtin_popcount(S0); SDST(r); SCC = r != 0;
