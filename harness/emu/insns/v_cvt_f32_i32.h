// v_cvt_f32_i32
vop_u32(w, in, [](uint32_t a, uint32_t, uint32_t) { return as_u(float(int32_t(a))); });
