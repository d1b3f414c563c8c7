// v_pk_max_u16: per half D = S0 >= S1 ? S0 : S1 (unsigned). vop3p.h vop_pk_int.
vop_pk_int<false>(w, in, [](int64_t a, int64_t b, int64_t) { return a >= b ? a : b; });
