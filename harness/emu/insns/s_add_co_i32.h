// s_add_co_i32
int32_t a = int32_t(S0), b = int32_t(S1); int32_t r = int32_t(uint32_t(a) + uint32_t(b)); SDST(r); SCC = ((a >= 0) == (b >= 0)) && ((r >= 0) != (a >= 0));
