// v_cvt_pk_f32_bf8: the two bf8 bytes of one 16-bit half of S0 to two f32 (D, D+1).
vop_cvt_pk_f32_f8(w, in, true);
