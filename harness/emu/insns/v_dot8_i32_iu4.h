// v_dot8_i32_iu4: D = S2 + sum of 8 nibble products (neg_lo[0..1]: signed nibbles). vop3p.h vop_dot_int.
vop_dot_int<8, 4, true>(w, in);
