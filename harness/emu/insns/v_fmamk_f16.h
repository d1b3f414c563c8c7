// v_fmamk_f16: D = fma(S0, K, S1), K the 16-bit literal after the instruction (decoded as
// src2); one rounding to f16 in the MODE f16 direction (see vop_f16).
vop_f16(w, in, [](double a, double b, double k) { return a * k + b; });
