// s_cmp_eq_u32
SCC = S0 == S1;
