// v_cvt_f32_f64: rounded to f32 (host rounding mode, RNE), then omod/clamp.
vop_cvt_from_f64(w, in, [&](double x) { return as_u(omod_clamp(in, float(x))); });
