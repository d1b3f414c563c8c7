// v_dot4_f32_bf8_fp8: D = S2 + sum of 4 products bf8(S0 byte) * fp8(S1 byte). vop3p.h.
vop_dot4_f32_8bit<true, false>(w, in);
