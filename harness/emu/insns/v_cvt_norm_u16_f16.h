// v_cvt_norm_u16_f16: f16_to_unorm (see to_unorm16; candidates of the UNVERIFIED
// model norm16_conversion in to_unorm16_alt).
static const auto k = model::active<model::Norm16Conversion>();
if (__builtin_expect(k == model::Norm16Conversion::NearestEven, 1)) vop_from_f16(w, in, [](double x) { return to_unorm16(x); });
else vop_from_f16(w, in, [](double x) { return to_unorm16_alt(x, k); });
