// v_med3_num_f32: any NaN operand -> min3_num; otherwise the middle value (see med3_num).
vop_f32<true>(w, in, [](float a, float b, float c) { return med3_num(a, b, c); });
