// s_sub_co_u32
uint32_t a = S0, b = S1; SDST(a - b); SCC = b > a;
