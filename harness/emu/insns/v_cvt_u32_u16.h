// v_cvt_u32_u16: D.u32 = zero-extended S0.u16 (the half src16 picks: e32 v128+ = high half, e64 op_sel[0]).
vop_from16(w, in, [](uint16_t x) { return uint32_t(x); });
