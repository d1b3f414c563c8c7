// s_lshr_b64
uint64_t r = S0_64 >> (S1 & 63); SDST64(r); SCC = r != 0;
