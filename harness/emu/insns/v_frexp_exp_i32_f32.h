// v_frexp_exp_i32_f32: exponent of frexp (0 for 0, inf, NaN).
vop_u32(w, in, [](uint32_t a, uint32_t, uint32_t) { float f = as_f(a); if (f == 0 || std::isinf(f) || std::isnan(f)) return 0u; int e; std::frexp(f, &e); return uint32_t(e); });
