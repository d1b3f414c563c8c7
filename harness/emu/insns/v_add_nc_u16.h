// v_add_nc_u16: D.u16 = S0.u16 + S1.u16; clamp saturates to [0, 0xffff] (AMD RDNA4 ISA reference guide, V_ADD_NC_U16).
vop_u16(w, in, [&](uint16_t x, uint16_t y, uint16_t) { return clamp_u16<true>(in, int64_t(x) + y); });
