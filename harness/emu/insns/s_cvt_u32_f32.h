// s_cvt_u32_f32: D = S0 truncated toward zero to an unsigned integer; negative
// values and NaN -> 0, too large -> 0xffffffff.
float f = salu_in32(w, as_f(S0));
SDST(std::isnan(f) || f <= 0 ? 0u : f >= 4294967296.0f ? 0xffffffffu : uint32_t(f));
