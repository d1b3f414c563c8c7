// v_ldexp_f64: S0 * 2^S1 (S1 a signed 32-bit integer), one rounding in the MODE f64 direction.
VSRC(e, in.src[1]);
vop_f64_lane(w, in, [&](unsigned l, double x) { return ldexp_clamped(x, int32_t(e[l])); });
