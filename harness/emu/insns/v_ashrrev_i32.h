// v_ashrrev_i32
vop_u32(w, in, [](uint32_t a, uint32_t b, uint32_t) { return uint32_t(int32_t(b) >> (a & 31)); });
