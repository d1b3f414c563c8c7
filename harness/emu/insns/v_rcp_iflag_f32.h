// v_rcp_iflag_f32: As v_rcp_f32 (the integer-division helper).
vop_f32(w, in, [](float a, float, float) { return 1.0f / a; });
