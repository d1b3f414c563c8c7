// v_sqrt_f32: Hardware is accurate to 1 ULP; the emulator returns the correctly rounded sqrt.
vop_f32(w, in, [](float a, float, float) { return std::sqrt(a); });
