// v_maximum_f64: as v_maximum_f32 on f64.
vop_f64<true>(w, in, [](double a, double b, double) { return maximum_of(a, b); });
