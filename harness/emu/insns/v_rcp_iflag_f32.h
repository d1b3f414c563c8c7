// v_rcp_iflag_f32: as v_rcp_f32 (only the exception it may raise differs, and exceptions are
// not modelled).
vop_f32(w, in, [](float a, float, float) { return float(1.0 / double(a)); });
