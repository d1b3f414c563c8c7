// s_not_b64
uint64_t r = ~S0_64; SDST64(r); SCC = r != 0;
