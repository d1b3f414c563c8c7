// s_cmp_lt_i32
SCC = int32_t(S0) < int32_t(S1);
