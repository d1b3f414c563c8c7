// v_bfe_u32: unsigned bitfield extract, offset = src1[4:0], width = src2[4:0].
vop_u32(w, in, [](uint32_t a, uint32_t b, uint32_t c) {
  unsigned off = b & 31, wd = c & 31;
  if (wd == 0) return 0u;
  if (off + wd >= 32) return a >> off;
  return (a >> off) & ((1u << wd) - 1);
});
