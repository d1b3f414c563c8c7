// v_log_f32: log2(S0). The hardware states an accuracy (1 ULP), not a result; model: computed
// in double and rounded once to f32 in the MODE direction (UNVERIFIED model_assumptions:
// transcendental_accuracy).
vop_f32(w, in, [](float a, float, float) { return float(std::log2(double(a))); });
