// s_cmp_gt_u32
SCC = S0 > S1;
