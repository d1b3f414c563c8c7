// v_mov_b16: D.b16 = S0.b16; the other half of the destination is kept (semantics.h src16/dst16).
vop_u16(w, in, [](uint16_t x, uint16_t, uint16_t) { return x; });
