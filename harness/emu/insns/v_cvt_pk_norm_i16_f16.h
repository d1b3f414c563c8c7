// v_cvt_pk_norm_i16_f16: {f16_to_snorm(S1), f16_to_snorm(S0)} (op_sel picks the source halves;
// candidates of the UNVERIFIED model norm16_conversion in to_snorm16_alt).
static const auto k = model::active<model::Norm16Conversion>();
if (__builtin_expect(k == model::Norm16Conversion::NearestEven, 1)) vop_pk_from_f16(w, in, [](double x) { return to_snorm16(x); });
else vop_pk_from_f16(w, in, [](double x) { return to_snorm16_alt(x, k); });
