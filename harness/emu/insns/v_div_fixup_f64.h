// v_div_fixup_f64: special cases of S2 / S1 (S0 = the quotient estimate): see div_fixup
// (UNVERIFIED model div_fixup_underflow and div_fixup_overflow, candidates read once here).
static const auto uf = model::active<model::DivFixupUnderflow>();
static const auto of = model::active<model::DivFixupOverflow>();
vop_f64<true>(w, in, [](double q, double den, double num) { return div_fixup(q, den, num, as_d(0xfff8000000000000ull), -1075, true, uf, of); });
