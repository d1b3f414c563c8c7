// v_perm_b32
vop_u32(w, in, [](uint32_t a, uint32_t b, uint32_t sel) {
  // Bytes of {src0, src1} (src1 = bytes 0-3); selector byte s: 0-7 pick, 8-11 sign-fill, 12 -> 0x00, >= 13 -> 0xff.
  uint64_t v = (uint64_t(a) << 32) | b;
  uint32_t r = 0;
  for (int i = 0; i < 4; ++i) {
    unsigned s = (sel >> (8 * i)) & 0xff;
    uint32_t byte;
    if (s < 8) byte = uint32_t(v >> (8 * s)) & 0xff;
    else if (s >= 13) byte = 0xff;
    else if (s == 12) byte = 0;
    else {
      static const int src_bit[4] = {15, 31, 47, 63};  // sign bits of the 16-bit halves
      byte = ((v >> src_bit[s - 8]) & 1) ? 0xff : 0;
    }
    r |= byte << (8 * i);
  }
  return r;
});
