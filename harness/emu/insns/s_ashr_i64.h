// s_ashr_i64
int64_t r = int64_t(S0_64) >> (S1 & 63); SDST64(r); SCC = r != 0;
