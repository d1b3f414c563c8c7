// v_rsq_f64: 1 / sqrt(S0); model: two IEEE operations in the MODE direction (UNVERIFIED
// model_assumptions: transcendental_accuracy).
vop_f64(w, in, [](double a, double, double) { return 1.0 / std::sqrt(a); });
