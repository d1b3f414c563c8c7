// v_rcp_f16: 1 / S0, computed in double (round to nearest) and rounded once to f16 in the MODE
// direction (UNVERIFIED model transcendental_accuracy; the hardware states an
// accuracy, not a result).
vop_f16_trans(w, in, [](double a) { return 1.0 / a; });
