// v_rcp_f32: Hardware is accurate to 1 ULP; the emulator returns the correctly rounded 1/x.
vop_f32(w, in, [](float a, float, float) { return 1.0f / a; });
