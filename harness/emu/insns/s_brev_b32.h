// s_brev_b32
uint32_t x = S0, r = 0; for (int i = 0; i < 32; ++i) r |= ((x >> i) & 1u) << (31 - i); SDST(r);
