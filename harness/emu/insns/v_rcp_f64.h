// v_rcp_f64: 1 / S0, correctly rounded in the MODE f64 direction (UNVERIFIED
// model transcendental_accuracy: the hardware is approximate).
vop_f64(w, in, [](double a, double, double) { return 1.0 / a; });
