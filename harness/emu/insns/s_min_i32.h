// s_min_i32
int32_t a = int32_t(S0), b = int32_t(S1); SCC = a < b; SDST(SCC ? a : b);
