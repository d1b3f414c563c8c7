// v_cmpx_eq_i64
vop_cmp_u64(w, in, [](uint64_t a, uint64_t b) { return int64_t(a) == int64_t(b); });
