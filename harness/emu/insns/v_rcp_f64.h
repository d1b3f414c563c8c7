// v_rcp_f64: hardware is approximate; the emulator returns the correctly rounded 1/x.
vop_f64(w, in, [](double a, double, double) { return 1.0 / a; });
