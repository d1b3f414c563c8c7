// s_not_b32
uint32_t r = ~S0; SDST(r); SCC = r != 0;
