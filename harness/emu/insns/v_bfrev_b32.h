// v_bfrev_b32
vop_u32(w, in, [](uint32_t a, uint32_t, uint32_t) { uint32_t r = 0; for (int i = 0; i < 32; ++i) r |= ((a >> i) & 1u) << (31 - i); return r; });
