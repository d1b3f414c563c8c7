// v_max3_i32
vop_u32(w, in, [](uint32_t a, uint32_t b, uint32_t c) { (void)c; return uint32_t(std::max(std::max(int32_t(a), int32_t(b)), int32_t(c))); });
