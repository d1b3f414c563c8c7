// s_quadmask_b64: D[i] = (S0[4i+3:4i] != 0) for i = 0..15, upper bits 0; SCC = D != 0.
uint64_t x = S0_64, r = 0; for (int i = 0; i < 16; ++i) r |= uint64_t(((x >> (4 * i)) & 15) != 0) << i;
SDST64(r); SCC = r != 0;
