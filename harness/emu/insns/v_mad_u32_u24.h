// v_mad_u32_u24: D.u32 = S0[23:0] * S1[23:0] + S2.u32 (unsigned), low 32 bits; clamp saturates the exact
// result to 0xffffffff (AMD RDNA4 ISA reference guide, V_MAD_U32_U24).
if (!int_clamp(in, false)) vop_u32(w, in, [](uint32_t a, uint32_t b, uint32_t c) { return (a & 0xffffffu) * (b & 0xffffffu) + c; });
else vop_u32(w, in, [](uint32_t a, uint32_t b, uint32_t c) { return sat_u32(int64_t(a & 0xffffffu) * (b & 0xffffffu) + c); });
