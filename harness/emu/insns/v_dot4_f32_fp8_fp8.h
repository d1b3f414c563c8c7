// v_dot4_f32_fp8_fp8: D = S2 + sum of 4 products fp8(S0 byte) * fp8(S1 byte). vop3p.h.
vop_dot4_f32_8bit<false, false>(w, in);
