// v_ldexp_f16: S0 * 2^S1 (S1 a signed 16-bit integer), one rounding to f16 in the MODE direction.
vop_ldexp_f16(w, in);
