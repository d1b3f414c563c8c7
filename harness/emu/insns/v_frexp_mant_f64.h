// v_frexp_mant_f64: significand in [0.5, 1) with the sign of S0; +-inf and NaN pass through
// (see frexp_mant; a denormal S0: UNVERIFIED model frexp_denormal_normalised,
// candidates in frexp_mant_field).
static const auto k = model::active<model::FrexpDenormalNormalised>();
if (__builtin_expect(k == model::FrexpDenormalNormalised::Normalised, 1)) vop_f64<true>(w, in, [](double a, double, double) { return frexp_mant(a); });
else vop_f64<true>(w, in, [](double a, double, double) { return frexp_mant_field(a, k, -1022); });
