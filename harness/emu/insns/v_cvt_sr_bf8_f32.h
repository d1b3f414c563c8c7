// v_cvt_sr_bf8_f32: stochastic rounding of S0 to bf8 with the random bits S1[31:11].
vop_cvt_sr_f8_f32(w, in, true);
