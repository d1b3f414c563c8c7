// v_fma_f16: a*b is exact in double; the sum rounds to double then to f16 (53 >= 2*11+2: same as one rounding).
vop_f16(w, in, [](double a, double b, double c) { return a * b + c; });
