// v_cvt_pk_norm_i16_f16: {f16_to_snorm(S1), f16_to_snorm(S0)} (op_sel picks the source halves).
vop_pk_from_f16(w, in, [](double x) { return to_snorm16(x); });
