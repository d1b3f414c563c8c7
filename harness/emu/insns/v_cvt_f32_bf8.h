// v_cvt_f32_bf8: one bf8 (E5M2) byte of S0 to f32 (exact); VOP3 op_sel (byte_sel) picks the byte.
vop_cvt_f32_f8(w, in, true);
