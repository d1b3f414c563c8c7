// v_cos_f16: cos(2 * pi * S0) (S0 in revolutions); model in sincos_rev.
vop_f16_trans(w, in, [](double a) { return sincos_rev(a, true); });
