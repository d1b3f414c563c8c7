// v_frexp_exp_i32_f64: exponent such that S0 = mant * 2^exp, mant in [0.5, 1); 0 for +-inf, NaN
// (a denormal S0: UNVERIFIED model frexp_denormal_normalised, candidates in
// frexp_exp_field).
static const auto k = model::active<model::FrexpDenormalNormalised>();
if (__builtin_expect(k == model::FrexpDenormalNormalised::Normalised, 1)) vop_cvt_from_f64(w, in, [](double x) { return uint32_t(frexp_exp(x)); });
else vop_cvt_from_f64(w, in, [](double x) { return uint32_t(frexp_exp_field(x, -1022)); });
