// s_lshl2_add_u32: D = (S0 << 2) + S1; SCC = unsigned carry-out (including bits shifted out).
uint64_t r = (uint64_t(S0) << 2) + S1;
SDST(uint32_t(r));
SCC = (r >> 32) != 0;
