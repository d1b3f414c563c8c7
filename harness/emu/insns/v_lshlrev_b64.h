// v_lshlrev_b64
vop_u64(w, in, [](uint64_t a, uint64_t b, uint64_t) { return b << (a & 63); });
