// v_cvt_pk_bf8_f32: {bf8(S1), bf8(S0)} into the destination half op_sel[3] picks.
vop_cvt_pk_f8_f32(w, in, true);
