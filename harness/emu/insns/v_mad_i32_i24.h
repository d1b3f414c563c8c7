// v_mad_i32_i24: D.i32 = sext(S0[23:0]) * sext(S1[23:0]) + S2.i32, low 32 bits; clamp saturates the exact
// result to the int32 range (AMD RDNA4 ISA reference guide, V_MAD_I32_I24).
auto s24 = [](uint32_t x) { return int64_t(int32_t(x << 8) >> 8); };
if (!int_clamp(in, false)) vop_u32(w, in, [&](uint32_t a, uint32_t b, uint32_t c) { return uint32_t(s24(a) * s24(b) + int32_t(c)); });
else vop_u32(w, in, [&](uint32_t a, uint32_t b, uint32_t c) { return sat_i32(s24(a) * s24(b) + int32_t(c)); });
