// v_cvt_pk_norm_i16_f32: {f32_to_snorm(S1), f32_to_snorm(S0)} (see to_snorm16; candidates of
// the UNVERIFIED model norm16_conversion in to_snorm16_alt).
static const auto k = model::active<model::Norm16Conversion>();
if (__builtin_expect(k == model::Norm16Conversion::NearestEven, 1)) vop_pk_from_f32(w, in, [](float x) { return to_snorm16(x); });
else vop_pk_from_f32(w, in, [](float x) { return to_snorm16_alt(x, k); });
