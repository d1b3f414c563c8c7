// v_dual_dot2acc_f32_bf16 (VOPD half): D = D + a0*b0 + a1*b1 (bf16 halves). vop3p.h vopd_dot2acc_f32.
vopd_dot2acc_f32<true>(w, in);
