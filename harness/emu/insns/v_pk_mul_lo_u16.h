// v_pk_mul_lo_u16: per half D = low 16 bits of S0 * S1 (u16; clamp saturates the product). vop3p.h vop_pk_int.
vop_pk_int<false>(w, in, [](int64_t a, int64_t b, int64_t) { return a * b; });
