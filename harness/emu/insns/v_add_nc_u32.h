// v_add_nc_u32: D.u32 = S0.u32 + S1.u32, wrapping; clamp saturates to 0xffffffff (AMD RDNA4 ISA reference
// guide, V_ADD_NC_U32; LLVM selects the clamp form for llvm.uadd.sat.i32).
if (!int_clamp(in, true)) vop_u32(w, in, [](uint32_t a, uint32_t b, uint32_t) { return a + b; });
else vop_u32(w, in, [](uint32_t a, uint32_t b, uint32_t) { return sat_u32(int64_t(a) + b); });
