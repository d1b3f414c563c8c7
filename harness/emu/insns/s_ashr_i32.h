// s_ashr_i32
int32_t r = int32_t(S0) >> (S1 & 31); SDST(r); SCC = r != 0;
