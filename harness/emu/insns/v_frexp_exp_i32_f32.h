// v_frexp_exp_i32_f32: exponent such that S0 = mant * 2^exp, mant in [0.5, 1); 0 for +-0,
// +-inf, NaN (see frexp_exp).
vop_cvt_from_f32(w, in, [](float f) { return uint32_t(frexp_exp(f)); });
