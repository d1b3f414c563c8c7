// v_ldexp_f32: S0 * 2^S1 (S1 a signed 32-bit integer): exact in double, one rounding to f32
// in the MODE direction.
VSRC(e, in.src[1]);
vop_f32_lane(w, in, [&](unsigned l, float x) { return float(ldexp_clamped(x, int32_t(e[l]))); });
