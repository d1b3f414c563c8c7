// v_mul_hi_u32_u24: D.u32 = bits [63:32] of S0[23:0] * S1[23:0] (unsigned; at most 16 significant bits)
// (AMD RDNA4 ISA reference guide, V_MUL_HI_U32_U24).
vop_u32(w, in, [](uint32_t a, uint32_t b, uint32_t) { return uint32_t((uint64_t(a & 0xffffffu) * (b & 0xffffffu)) >> 32); });
