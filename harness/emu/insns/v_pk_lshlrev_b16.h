// v_pk_lshlrev_b16: per half D = S1 << S0[3:0] (16 bits kept). vop3p.h vop_pk_int.
vop_pk_int<false>(w, in, [](int64_t a, int64_t b, int64_t) { return (b << (a & 15)) & 0xffff; });
