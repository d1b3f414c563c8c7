// s_or_b64
uint64_t r = S0_64 | S1_64; SDST64(r); SCC = r != 0;
