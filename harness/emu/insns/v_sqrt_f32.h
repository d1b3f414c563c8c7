// v_sqrt_f32: sqrt(S0), correctly rounded in the MODE direction (UNVERIFIED
// model_assumptions: transcendental_accuracy: the hardware states 1 ULP).
vop_f32(w, in, [](float a, float, float) { return std::sqrt(a); });
