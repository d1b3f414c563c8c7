// v_cos_f32: cos(2 * pi * S0) (S0 in revolutions); model in sincos_rev.
vop_f32(w, in, [](float a, float, float) { return float(sincos_rev(a, true)); });
