// v_mad_u16: D.u16 = S0.u16 * S1.u16 + S2.u16; clamp saturates the exact result to 0xffff (AMD RDNA4 ISA reference guide, V_MAD_U16).
vop_u16(w, in, [&](uint16_t x, uint16_t y, uint16_t z) { return clamp_u16(in, int64_t(x) * y + z); });
