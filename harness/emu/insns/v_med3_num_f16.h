// v_med3_num_f16: any NaN operand -> min3_num; otherwise the middle value (see med3_num).
vop_f16<true>(w, in, [](double a, double b, double c) { return med3_num(a, b, c); });
