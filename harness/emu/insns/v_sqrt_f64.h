// v_sqrt_f64: hardware is approximate; the emulator returns the correctly rounded sqrt.
vop_f64(w, in, [](double a, double, double) { return std::sqrt(a); });
