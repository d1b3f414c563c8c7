// v_cvt_floor_i32_f32: f32_to_i32(floor(S0)): saturating, NaN -> 0.
vop_cvt_from_f32(w, in, [](float f) { return f32_to_i32_sat(std::floor(f)); });
