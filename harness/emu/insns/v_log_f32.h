// v_log_f32: Approximate on hardware (1 ULP); the emulator returns the host log2f.
vop_f32(w, in, [](float a, float, float) { return std::log2(a); });
