// v_cmp_gt_u16
vop_cmp_u32(w, in, [](uint32_t a, uint32_t b) { return uint16_t(a) > uint16_t(b); });
