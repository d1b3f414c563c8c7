// v_pk_fma_f16: per half D = fma(S0, S1, S2), one rounding to f16. vop3p.h vop_pk_f16.
vop_pk_f16(w, in, [](double a, double b, double c) { return a * b + c; });
