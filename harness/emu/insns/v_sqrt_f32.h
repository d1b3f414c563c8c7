// v_sqrt_f32: sqrt(S0), correctly rounded in the MODE direction (UNVERIFIED
// model transcendental_accuracy: the hardware states 1 ULP; the other
// candidates round the double sqrt as the other f32 transcendentals, trans_model).
if (const auto k = trans_model(); __builtin_expect(k != model::TranscendentalAccuracy::CorrectlyRounded, 0))
  vop_f32_trans_alt(w, in, [](double a) { return std::sqrt(a); }, k);
else
  vop_f32(w, in, [](float a, float, float) { return std::sqrt(a); });
