// v_minmax_i32: D = max(min(S0, S1), S2), signed (AMD RDNA4 ISA reference guide, V_MINMAX_I32).
vop_u32(w, in, [](uint32_t a, uint32_t b, uint32_t c) {
  return uint32_t(std::max(std::min(int32_t(a), int32_t(b)), int32_t(c)));
});
