// s_abs_i32
int32_t x = int32_t(S0); uint32_t r = x < 0 ? 0u - uint32_t(x) : uint32_t(x); SDST(r); SCC = r != 0;
