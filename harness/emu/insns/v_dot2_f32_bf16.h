// v_dot2_f32_bf16: D = S2 + a0*b0 + a1*b1 (bf16 halves, f32 accumulator). vop3p.h vop_dot2_f32.
vop_dot2_f32<true>(w, in);
