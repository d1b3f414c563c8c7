// v_dot4_i32_iu8: D = S2 + sum of 4 byte products (neg_lo[0..1]: signed bytes). vop3p.h vop_dot_int.
vop_dot_int<4, 8, true>(w, in);
