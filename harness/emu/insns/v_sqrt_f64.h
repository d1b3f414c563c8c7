// v_sqrt_f64: sqrt(S0), correctly rounded in the MODE f64 direction (UNVERIFIED
// model transcendental_accuracy: the hardware is approximate).
vop_f64(w, in, [](double a, double, double) { return std::sqrt(a); });
