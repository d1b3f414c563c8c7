// v_mul_i32_i24
vop_u32(w, in, [](uint32_t a, uint32_t b, uint32_t) { return uint32_t(int32_t(a << 8) >> 8) * uint32_t(int32_t(b << 8) >> 8); });
