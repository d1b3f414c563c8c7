// v_xor3_b32: D = S0 ^ S1 ^ S2 (AMD RDNA4 ISA reference guide, V_XOR3_B32).
vop_u32(w, in, [](uint32_t a, uint32_t b, uint32_t c) { return a ^ b ^ c; });
