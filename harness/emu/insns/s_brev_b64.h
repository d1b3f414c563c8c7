// s_brev_b64: D = S0 with its 64 bits in reverse order.
uint64_t x = S0_64, r = 0; for (int i = 0; i < 64; ++i) r |= ((x >> i) & 1) << (63 - i); SDST64(r);
