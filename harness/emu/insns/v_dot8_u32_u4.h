// v_dot8_u32_u4: D = S2 + sum of 8 unsigned nibble products. vop3p.h vop_dot_int.
vop_dot_int<8, 4, false>(w, in);
