// s_cmp_lt_u32
SCC = S0 < S1;
