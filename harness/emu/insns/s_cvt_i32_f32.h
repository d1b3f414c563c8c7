// s_cvt_i32_f32
float f = sflt(w, as_f(S0)); SDST(std::isnan(f) ? 0 : f <= -2147483648.0f ? int32_t(0x80000000u) : f >= 2147483648.0f ? 0x7fffffff : int32_t(f));
