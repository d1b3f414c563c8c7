// v_mul_u32_u24
vop_u32(w, in, [](uint32_t a, uint32_t b, uint32_t) { return (a & 0xffffff) * (b & 0xffffff); });
