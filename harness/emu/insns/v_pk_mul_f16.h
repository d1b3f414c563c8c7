// v_pk_mul_f16: per half D = S0 * S1 (f16). vop3p.h vop_pk_f16.
vop_pk_f16(w, in, [](double a, double b, double) { return a * b; });
