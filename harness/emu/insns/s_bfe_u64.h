// s_bfe_u64: unsigned bitfield extract from a 64-bit value; offset = S1[5:0], width = S1[22:16].
uint32_t off = S1 & 63, wd = (S1 >> 16) & 0x7f;
uint64_t r = wd == 0 ? 0 : (S0_64 >> off) & (wd >= 64 ? ~uint64_t(0) : (uint64_t(1) << wd) - 1);
SDST64(r);
SCC = r != 0;
