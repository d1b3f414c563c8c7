// v_pk_sub_i16: per half D = S0 - S1 (i16; clamp saturates). vop3p.h vop_pk_int.
vop_pk_int<true>(w, in, [](int64_t a, int64_t b, int64_t) { return a - b; });
