// v_cmpx_gt_i32
vop_cmp_u32(w, in, [](uint32_t a, uint32_t b) { return int32_t(a) > int32_t(b); });
