// v_maximum_f16: as v_maximum_f32 on f16.
vop_f16<true>(w, in, [](double a, double b, double) { return maximum_of(a, b); });
