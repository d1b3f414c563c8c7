// v_sin_f16: sin(2 * pi * S0) (S0 in revolutions); model in sincos_rev.
vop_f16_trans(w, in, [](double a) { return sincos_rev(a, false); });
