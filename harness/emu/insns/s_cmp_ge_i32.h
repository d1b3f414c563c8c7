// s_cmp_ge_i32
SCC = int32_t(S0) >= int32_t(S1);
