// s_bcnt1_i32_b64: D = number of one bits of the 64-bit S0; SCC = D != 0.
uint32_t r = __builtin_popcountll(S0_64); SDST(r); SCC = r != 0;
