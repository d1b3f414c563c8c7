// v_sin_f32: sin(2 * pi * S0) (S0 in revolutions); model in sincos_rev (UNVERIFIED
// model transcendental_accuracy).
vop_f32_trans(w, in, [](double a) { return sincos_rev(a, false); });
