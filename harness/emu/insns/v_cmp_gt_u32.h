// v_cmp_gt_u32
vop_cmp_u32(w, in, [](uint32_t a, uint32_t b) { return uint32_t(a) > uint32_t(b); });
