// v_cvt_norm_i16_f16: f16_to_snorm (see to_snorm16).
vop_from_f16(w, in, [](double x) { return to_snorm16(x); });
