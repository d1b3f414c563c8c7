// v_mad_i16: D.i16 = S0.i16 * S1.i16 + S2.i16; clamp saturates the exact result to [-32768, 32767] (AMD RDNA4 ISA reference guide, V_MAD_I16).
vop_u16(w, in, [&](uint16_t x, uint16_t y, uint16_t z) {
  return clamp_i16(in, int64_t(int16_t(x)) * int16_t(y) + int16_t(z));
});
