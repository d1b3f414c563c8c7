// v_mul_hi_i32_i24
vop_u32(w, in, [](uint32_t a, uint32_t b, uint32_t c) { (void)c; return uint32_t(uint64_t(int64_t(int32_t(a << 8) >> 8) * int64_t(int32_t(b << 8) >> 8)) >> 32); });
