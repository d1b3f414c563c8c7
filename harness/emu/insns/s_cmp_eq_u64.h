// s_cmp_eq_u64
SCC = S0_64 == S1_64;
