// v_not_b16: D.u16 = ~S0.u16 (e32: v128+ fields are high halves; e64: op_sel; semantics.h src16/dst16).
vop_u16(w, in, [](uint16_t x, uint16_t, uint16_t) { return uint16_t(~x); });
