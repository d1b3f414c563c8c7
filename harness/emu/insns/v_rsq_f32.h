// v_rsq_f32: Approximate on hardware; emulator: 1/sqrt(x) in f32.
vop_f32(w, in, [](float a, float, float) { return 1.0f / std::sqrt(a); });
