// s_bcnt0_i32_b64: D = number of zero bits of the 64-bit S0; SCC = D != 0.
uint32_t r = 64 - __builtin_popcountll(S0_64); SDST(r); SCC = r != 0;
