// v_cvt_pk_norm_u16_f16: {f16_to_unorm(S1), f16_to_unorm(S0)} (op_sel picks the source halves).
vop_pk_from_f16(w, in, [](double x) { return to_unorm16(x); });
