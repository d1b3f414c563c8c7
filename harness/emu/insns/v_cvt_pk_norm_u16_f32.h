// v_cvt_pk_norm_u16_f32: {f32_to_unorm(S1), f32_to_unorm(S0)} (see to_unorm16).
vop_pk_from_f32(w, in, [](float x) { return to_unorm16(x); });
