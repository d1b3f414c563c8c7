// v_rsq_f32: 1 / sqrt(S0). The hardware states an accuracy (1 ULP), not a result; model: computed
// in double and rounded once to f32 in the MODE direction (trans_f32; UNVERIFIED
// model transcendental_accuracy).
vop_f32_trans(w, in, [](double a) { return 1.0 / std::sqrt(a); });
