// v_frexp_mant_f32: mantissa of frexp in [0.5, 1) (inf and NaN pass through as NaN/inf).
vop_f32(w, in, [](float a, float, float) { if (std::isinf(a) || std::isnan(a)) return a; int e; return std::frexp(a, &e); });
