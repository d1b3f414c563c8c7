// s_cmp_ge_u32
SCC = S0 >= S1;
