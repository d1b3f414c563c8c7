// v_subrev_nc_u32: D.u32 = S1.u32 - S0.u32, wrapping; clamp saturates to 0 (AMD RDNA4 ISA reference guide,
// V_SUBREV_NC_U32).
if (!int_clamp(in, true)) vop_u32(w, in, [](uint32_t a, uint32_t b, uint32_t) { return b - a; });
else vop_u32(w, in, [](uint32_t a, uint32_t b, uint32_t) { return sat_u32(int64_t(b) - a); });
