// s_rndne_f32: D = S0 rounded to the nearest integral value, ties to even.
// The pseudocode's floor(S0 + 0.5) form would give +0 for -0.5 and -0; the sign is
// kept here as IEEE roundToIntegralTiesToEven does (model_assumptions salu_rndne_signed_zero).
s_round_f32(w, in, salu_rndne);
