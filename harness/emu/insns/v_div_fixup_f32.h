// v_div_fixup_f32: special cases of S2 / S1 (S0 = the quotient estimate): see div_fixup
// (UNVERIFIED model div_fixup_underflow and div_fixup_overflow, candidates read once here).
static const auto uf = model::active<model::DivFixupUnderflow>();
static const auto of = model::active<model::DivFixupOverflow>();
vop_f32<true>(w, in, [](float q, float den, float num) { return div_fixup(q, den, num, as_f(0xffc00000u), -150, true, uf, of); });
