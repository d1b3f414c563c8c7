// v_fmac_f32: src2 is the destination register (decoder sets it).
vop_f32(w, in, [](float a, float b, float c) { return std::fma(a, b, c); });
