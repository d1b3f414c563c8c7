// s_min_u32
uint32_t a = S0, b = S1; SCC = a < b; SDST(SCC ? a : b);
