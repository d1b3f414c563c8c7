// v_cmpx_lt_u64
vop_cmp_u64(w, in, [](uint64_t a, uint64_t b) { return uint64_t(a) < uint64_t(b); });
