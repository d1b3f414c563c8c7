// s_cmp_lg_u32
SCC = S0 != S1;
