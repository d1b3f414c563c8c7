// v_bfm_b32: D = ((1 << S0[4:0]) - 1) << S1[4:0] (AMD RDNA4 ISA reference guide, V_BFM_B32).
vop_u32(w, in, [](uint32_t a, uint32_t b, uint32_t) { return ((1u << (a & 31)) - 1u) << (b & 31); });
