// v_rndne_f64: round to the nearest integer, ties to even (independent of MODE).
vop_f64(w, in, [](double a, double, double) { return round_even(a); });
