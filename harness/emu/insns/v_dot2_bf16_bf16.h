// v_dot2_bf16_bf16 (VOP3): D.bf16 = S2.bf16 + a0*b0 + a1*b1, bf16 accumulator. vop3p.h vop3_dot2_16.
vop3_dot2_16<true>(w, in);
