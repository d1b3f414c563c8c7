// v_pk_mad_u16: per half D = S0 * S1 + S2 (u16; clamp saturates). vop3p.h vop_pk_int.
vop_pk_int<false>(w, in, [](int64_t a, int64_t b, int64_t c) { return a * b + c; });
