// v_dot2_f16_f16 (VOP3): D.f16 = S2.f16 + a0*b0 + a1*b1, f16 accumulator. vop3p.h vop3_dot2_16.
vop3_dot2_16<false>(w, in);
