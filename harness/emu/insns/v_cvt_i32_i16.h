// v_cvt_i32_i16: D.i32 = sign-extended S0.i16 (the half src16 picks: e32 v128+ = high half, e64 op_sel[0]).
vop_from16(w, in, [](uint16_t x) { return uint32_t(int32_t(int16_t(x))); });
