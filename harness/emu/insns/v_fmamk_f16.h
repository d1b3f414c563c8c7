// v_fmamk_f16: D = fma(S0, K, S1), K the 16-bit literal after the instruction (decoded as
// src2); one rounding to f16 in the MODE f16 direction (see vop_f16); a NaN result takes
// the first NaN in the operand order S0, K, S1.
vop_f16<true>(w, in, [](double a, double b, double k) {
  double r = a * k + b;
  return r != r ? nan_result64(a, k, b) : r;
});
