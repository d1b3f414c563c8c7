// s_bfe_i32
uint32_t off = S1 & 31, wd = (S1 >> 16) & 0x7f; int32_t r = 0; if (wd) { if (wd > 32) wd = 32; uint32_t x = S0 >> off; if (wd < 32) { x &= (1u << wd) - 1; if (x >> (wd - 1) & 1) x |= ~((1u << wd) - 1); } r = int32_t(x); } SDST(r); SCC = r != 0;
