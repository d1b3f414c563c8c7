// v_cvt_norm_u16_f16: f16_to_unorm (see to_unorm16).
vop_from_f16(w, in, [](double x) { return to_unorm16(x); });
