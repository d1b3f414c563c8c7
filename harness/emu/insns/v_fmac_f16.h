// v_fmac_f16: a*b is exact in double; one rounding to f16 (double rounding is innocuous: 53 >= 2*11+2).
vop_f16(w, in, [](double a, double b, double c) { return a * b + c; });
