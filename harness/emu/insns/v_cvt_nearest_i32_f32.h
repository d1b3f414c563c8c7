// v_cvt_nearest_i32_f32: f32_to_i32(floor(S0 + 0.5)) with the f32 addition of the
// pseudocode (round to nearest even): saturating, NaN -> 0.
vop_cvt_from_f32(w, in, [](float f) { return f32_to_i32_sat(std::floor(f + 0.5f)); });
