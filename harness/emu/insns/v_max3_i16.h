// v_max3_i16: D.i16 = max(max(S0, S1), S2), signed (AMD RDNA4 ISA reference guide, V_MAX3_I16).
vop_u16(w, in, [](uint16_t x, uint16_t y, uint16_t z) {
  return uint16_t(std::max(std::max(int16_t(x), int16_t(y)), int16_t(z)));
});
