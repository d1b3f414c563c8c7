// s_sub_co_ci_u32
uint64_t b = uint64_t(S1) + SCC; uint32_t a = S0; SDST(uint32_t(a - b)); SCC = b > a;
