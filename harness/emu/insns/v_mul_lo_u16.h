// v_mul_lo_u16: 16-bit integer op on the halves op_sel picks; the other half of the destination is kept (semantics.h vop_u16).
vop_u16(w, in, [](uint16_t x, uint16_t y) { return uint16_t(uint32_t(x) * y); });
