// s_cvt_i32_f32: D = S0 truncated toward zero to a signed integer; out of range
// saturates (-inf -> INT32_MIN, +inf -> INT32_MAX), NaN -> 0. Denormal input per MODE.
float f = salu_in32(w, as_f(S0));
SDST(std::isnan(f) ? 0 : f <= -2147483648.0f ? int32_t(0x80000000u) : f >= 2147483648.0f ? 0x7fffffff : int32_t(f));
