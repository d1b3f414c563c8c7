// v_cvt_f64_f32 (exact; semantics.h vop_cvt_to_f64).
vop_cvt_to_f64<true>(w, in, [](uint32_t x) { return double(as_f(x)); });
