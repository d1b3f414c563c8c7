// v_cvt_pk_norm_u16_f32: {f32_to_unorm(S1), f32_to_unorm(S0)} (see to_unorm16; candidates of
// the UNVERIFIED model norm16_conversion in to_unorm16_alt).
static const auto k = model::active<model::Norm16Conversion>();
if (__builtin_expect(k == model::Norm16Conversion::NearestEven, 1)) vop_pk_from_f32(w, in, [](float x) { return to_unorm16(x); });
else vop_pk_from_f32(w, in, [](float x) { return to_unorm16_alt(x, k); });
