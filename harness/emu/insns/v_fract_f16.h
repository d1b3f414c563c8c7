// v_fract_f16: S0 - floor(S0) rounded to f16, at most the largest f16 below 1.0 (0x3bff);
// the difference is exact in double, so it rounds once.
vop_f16(w, in, [](double a, double, double) { return std::isinf(a) ? std::nan("") : std::min(a - std::floor(a), 0x1.ffcp-1); });
