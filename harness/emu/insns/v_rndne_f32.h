// v_rndne_f32: Host rounding mode is round-to-nearest-even.
vop_f32(w, in, [](float a, float, float) { return std::nearbyint(a); });
