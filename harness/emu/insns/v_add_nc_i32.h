// v_add_nc_i32: D.i32 = S0.i32 + S1.i32, wrapping; clamp saturates to [INT32_MIN, INT32_MAX] (AMD RDNA4 ISA
// reference guide, V_ADD_NC_I32; LLVM selects the clamp form for llvm.sadd.sat.i32).
if (!int_clamp(in, true)) vop_u32(w, in, [](uint32_t a, uint32_t b, uint32_t) { return a + b; });
else vop_u32(w, in, [](uint32_t a, uint32_t b, uint32_t) { return sat_i32(int64_t(int32_t(a)) + int32_t(b)); });
