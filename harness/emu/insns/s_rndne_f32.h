// s_rndne_f32: D = S0 rounded to the nearest integral value, ties to even.
// The pseudocode's floor(S0 + 0.5) form would give +0 for -0.5 and -0; the sign is
// kept here as IEEE roundToIntegralTiesToEven does (model salu_rndne_signed_zero).
// Candidate positive_zero (RDNA4_EMU_MODEL=salu_rndne_signed_zero=positive_zero): a zero result is +0.
static const bool pos0 = model::active<model::SaluRndneSignedZero>() == model::SaluRndneSignedZero::PositiveZero;
if (pos0) s_round_f32(w, in, [](float a) { float r = salu_rndne(a); return r == 0 ? 0.0f : r; });
else s_round_f32(w, in, salu_rndne);
