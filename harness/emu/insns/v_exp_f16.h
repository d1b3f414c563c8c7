// v_exp_f16: 2^S0, computed in double (round to nearest) and rounded once to f16 in the MODE
// direction (UNVERIFIED model transcendental_accuracy; the hardware states an
// accuracy, not a result).
vop_f16_trans(w, in, [](double a) { return exp2_model(a); });
