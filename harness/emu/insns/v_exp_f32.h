// v_exp_f32: Approximate on hardware (1 ULP); the emulator returns the correctly rounded host exp2f.
vop_f32(w, in, [](float a, float, float) { return std::exp2(a); });
