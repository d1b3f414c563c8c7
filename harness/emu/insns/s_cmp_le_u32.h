// s_cmp_le_u32
SCC = S0 <= S1;
