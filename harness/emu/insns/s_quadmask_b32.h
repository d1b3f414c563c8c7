// s_quadmask_b32: D[i] = (S0[4i+3:4i] != 0) for i = 0..7, upper bits 0; SCC = D != 0.
uint32_t x = S0, r = 0; for (int i = 0; i < 8; ++i) r |= uint32_t(((x >> (4 * i)) & 15) != 0) << i;
SDST(r); SCC = r != 0;
