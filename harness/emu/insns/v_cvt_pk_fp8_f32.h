// v_cvt_pk_fp8_f32: {fp8(S1), fp8(S0)} into the destination half op_sel[3] picks, the other
// half kept; round to nearest even whatever MODE says (the pseudocode sets it).
vop_cvt_pk_f8_f32(w, in, false);
