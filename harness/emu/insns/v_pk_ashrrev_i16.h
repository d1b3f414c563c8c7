// v_pk_ashrrev_i16: per half D = S1 >> S0[3:0] (arithmetic). vop3p.h vop_pk_int.
vop_pk_int<true>(w, in, [](int64_t a, int64_t b, int64_t) { return b >> (a & 15); });
