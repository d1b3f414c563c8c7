// v_cvt_f64_i32 (exact; semantics.h vop_cvt_to_f64).
vop_cvt_to_f64<false>(w, in, [](uint32_t x) { return double(int32_t(x)); });
