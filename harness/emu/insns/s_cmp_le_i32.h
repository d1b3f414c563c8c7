// s_cmp_le_i32
SCC = int32_t(S0) <= int32_t(S1);
