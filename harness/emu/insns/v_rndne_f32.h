// v_rndne_f32: round to the nearest integer, ties to even (independent of MODE).
vop_f32(w, in, [](float a, float, float) { return round_even(a); });
