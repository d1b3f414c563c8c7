// v_mov_b32
vop_u32(w, in, [](uint32_t a, uint32_t, uint32_t) { return a; });
