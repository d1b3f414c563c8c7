// s_cvt_u32_f32
float f = sflt(w, as_f(S0)); SDST(std::isnan(f) || f <= 0 ? 0u : f >= 4294967296.0f ? 0xffffffffu : uint32_t(f));
