// v_dot4_u32_u8: D = S2 + sum of 4 unsigned byte products. vop3p.h vop_dot_int.
vop_dot_int<4, 8, false>(w, in);
