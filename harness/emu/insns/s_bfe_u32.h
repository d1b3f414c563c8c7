// s_bfe_u32
uint32_t off = S1 & 31, wd = (S1 >> 16) & 0x7f; uint32_t r = wd == 0 ? 0 : (S0 >> off) & (wd >= 32 ? ~0u : (1u << wd) - 1); SDST(r); SCC = r != 0;
