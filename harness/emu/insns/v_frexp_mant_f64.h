// v_frexp_mant_f64: significand in [0.5, 1) with the sign of S0; +-inf and NaN pass through
// (see frexp_mant; a denormal S0: UNVERIFIED model_assumptions: frexp_denormal_normalised,
// candidates in frexp_mant_field).
static const int k = rdna4emu::model_choice("frexp_denormal_normalised");
if (__builtin_expect(k == 0, 1)) vop_f64<true>(w, in, [](double a, double, double) { return frexp_mant(a); });
else vop_f64<true>(w, in, [](double a, double, double) { return frexp_mant_field(a, k, -1022); });
