// v_frexp_exp_i32_f32: exponent such that S0 = mant * 2^exp, mant in [0.5, 1); 0 for +-0,
// +-inf, NaN (see frexp_exp; a denormal S0: UNVERIFIED model
// frexp_denormal_normalised, candidates in frexp_exp_field).
static const auto k = model::active<model::FrexpDenormalNormalised>();
if (__builtin_expect(k == model::FrexpDenormalNormalised::Normalised, 1)) vop_cvt_from_f32(w, in, [](float f) { return uint32_t(frexp_exp(f)); });
else vop_cvt_from_f32(w, in, [](float f) { return uint32_t(frexp_exp_field(f, -126)); });
