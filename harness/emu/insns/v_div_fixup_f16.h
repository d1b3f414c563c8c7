// v_div_fixup_f16: special cases of S2 / S1 (S0 = the quotient estimate): see div_fixup.
// The guide's V_DIV_FIXUP_F16 has no exponent-difference (underflow) clause, unlike f32/f64.
vop_f16<true>(w, in, [](double q, double den, double num) { return div_fixup(q, den, num, as_d(0xfff8000000000000ull), 0, false); });
