// v_fma_dx9_zero_f32: S2 when S0 or S1 is zero (DX9 rule: 0 * anything = 0), else fma.
vop_f32<true>(w, in, [](float a, float b, float c) {
  if (a == 0 || b == 0) return c;
  float r = std::fma(a, b, c);
  return r != r ? nan_result(a, b, c) : r;
});
