// v_rndne_f16: round to the nearest integer, ties to even (independent of MODE).
vop_f16(w, in, [](double a, double, double) { return round_even(a); });
