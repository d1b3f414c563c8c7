// v_minimum_f64: as v_minimum_f32 on f64.
vop_f64<true>(w, in, [](double a, double b, double) { return minimum_of(a, b); });
