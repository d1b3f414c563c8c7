// v_lerp_u8: per byte i, D.byte[i] = (S0.byte[i] + S1.byte[i] + S2[8i]) >> 1 (rounding bit from S2;
// the 9-bit sum keeps its carry) (AMD RDNA4 ISA reference guide, V_LERP_U8).
vop_u32(w, in, [](uint32_t a, uint32_t b, uint32_t c) {
  uint32_t r = 0;
  for (int i = 0; i < 4; ++i) {
    uint32_t s = ((a >> (8 * i)) & 0xff) + ((b >> (8 * i)) & 0xff) + ((c >> (8 * i)) & 1);
    r |= (s >> 1) << (8 * i);
  }
  return r;
});
