// v_lshlrev_b32
vop_u32(w, in, [](uint32_t a, uint32_t b, uint32_t) { return b << (a & 31); });
