// s_lshr_b32
uint32_t r = S0 >> (S1 & 31); SDST(r); SCC = r != 0;
