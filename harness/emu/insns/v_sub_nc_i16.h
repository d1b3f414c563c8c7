// v_sub_nc_i16: D.i16 = S0.i16 - S1.i16; clamp saturates to [-32768, 32767] (AMD RDNA4 ISA reference guide, V_SUB_NC_I16).
vop_u16(w, in, [&](uint16_t x, uint16_t y, uint16_t) { return clamp_i16<true>(in, int64_t(int16_t(x)) - int16_t(y)); });
