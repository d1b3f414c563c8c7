// v_cvt_pk_norm_i16_f32: {f32_to_snorm(S1), f32_to_snorm(S0)} (see to_snorm16).
vop_pk_from_f32(w, in, [](float x) { return to_snorm16(x); });
