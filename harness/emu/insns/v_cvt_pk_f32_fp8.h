// v_cvt_pk_f32_fp8: the two fp8 bytes of one 16-bit half of S0 to two f32 (D, D+1).
vop_cvt_pk_f32_f8(w, in, false);
