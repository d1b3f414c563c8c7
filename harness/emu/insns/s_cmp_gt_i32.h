// s_cmp_gt_i32
SCC = int32_t(S0) > int32_t(S1);
