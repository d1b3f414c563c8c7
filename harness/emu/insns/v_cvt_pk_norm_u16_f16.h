// v_cvt_pk_norm_u16_f16: {f16_to_unorm(S1), f16_to_unorm(S0)} (op_sel picks the source halves;
// candidates of the UNVERIFIED model_assumptions: norm16_conversion in to_unorm16_alt).
static const int k = rdna4emu::model_choice("norm16_conversion");
if (__builtin_expect(k == 0, 1)) vop_pk_from_f16(w, in, [](double x) { return to_unorm16(x); });
else vop_pk_from_f16(w, in, [](double x) { return to_unorm16_alt(x, k); });
