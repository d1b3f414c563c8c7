// v_cvt_f32_fp8: one fp8 (E4M3) byte of S0 to f32 (exact); VOP3 op_sel (byte_sel) picks the byte.
vop_cvt_f32_f8(w, in, false);
