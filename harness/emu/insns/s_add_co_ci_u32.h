// s_add_co_ci_u32
uint64_t r = uint64_t(S0) + S1 + SCC; SDST(r); SCC = r >> 32;
