// s_wqm_b64: whole quad mode on 64 bits (see s_wqm_b32); SCC = D != 0.
uint64_t x = S0_64, r = 0; for (int i = 0; i < 64; i += 4) if ((x >> i) & 15) r |= uint64_t(15) << i;
SDST64(r); SCC = r != 0;
