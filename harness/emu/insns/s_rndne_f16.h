// s_rndne_f16: as s_rndne_f32 on the f16 in S0[15:0] (salu_rndne_signed_zero).
// Candidate positive_zero (RDNA4_EMU_MODEL=salu_rndne_signed_zero=positive_zero): a zero result is +0.
static const bool pos0 = model::active<model::SaluRndneSignedZero>() == model::SaluRndneSignedZero::PositiveZero;
if (pos0) s_round_f16(w, in, [](float a) { float r = salu_rndne(a); return r == 0 ? 0.0f : r; });
else s_round_f16(w, in, salu_rndne);
