// s_wqm_b32: whole quad mode: each group of 4 bits of D is all ones if that
// group of S0 has any bit set, else zero; SCC = D != 0.
uint32_t x = S0, r = 0; for (int i = 0; i < 32; i += 4) if ((x >> i) & 15) r |= 15u << i;
SDST(r); SCC = r != 0;
