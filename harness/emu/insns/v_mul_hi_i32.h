// v_mul_hi_i32
vop_u32(w, in, [](uint32_t a, uint32_t b, uint32_t c) { (void)c; return uint32_t(uint64_t(int64_t(int32_t(a)) * int32_t(b)) >> 32); });
