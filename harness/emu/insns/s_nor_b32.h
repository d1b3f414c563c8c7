// s_nor_b32
uint32_t r = ~(S0 | S1); SDST(r); SCC = r != 0;
