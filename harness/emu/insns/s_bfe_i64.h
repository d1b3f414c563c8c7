// s_bfe_i64: signed bitfield extract from a 64-bit value; offset = S1[5:0], width = S1[22:16].
uint32_t off = S1 & 63, wd = (S1 >> 16) & 0x7f;
int64_t r = 0;
if (wd) {
  if (wd > 64) wd = 64;
  uint64_t x = S0_64 >> off;
  if (wd < 64) { x &= (uint64_t(1) << wd) - 1; if ((x >> (wd - 1)) & 1) x |= ~((uint64_t(1) << wd) - 1); }
  r = int64_t(x);
}
SDST64(r);
SCC = r != 0;
