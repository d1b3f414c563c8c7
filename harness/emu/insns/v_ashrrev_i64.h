// v_ashrrev_i64
vop_u64(w, in, [](uint64_t a, uint64_t b, uint64_t) { return uint64_t(int64_t(b) >> (a & 63)); });
