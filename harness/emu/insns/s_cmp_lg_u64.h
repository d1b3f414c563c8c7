// s_cmp_lg_u64
SCC = S0_64 != S1_64;
