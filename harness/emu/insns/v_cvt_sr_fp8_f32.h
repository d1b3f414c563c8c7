// v_cvt_sr_fp8_f32: stochastic rounding of S0 to fp8 with the random bits S1[31:12] (see
// vop_cvt_sr_f8_f32) into the byte op_sel[3:2] picks, other bytes kept.
vop_cvt_sr_f8_f32(w, in, false);
