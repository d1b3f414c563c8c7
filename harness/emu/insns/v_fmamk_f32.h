// v_fmamk_f32: D = fma(S0, K, S1), K (the literal) decoded as src2; a NaN result takes the
// first NaN in the pseudocode's operand order S0, K, S1.
vop_f32<true>(w, in, [](float a, float b, float k) {
  float r = std::fma(a, k, b);
  return r != r ? nan_result(a, k, b) : r;
});
