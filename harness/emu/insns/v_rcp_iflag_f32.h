// v_rcp_iflag_f32: as v_rcp_f32 (only the exception it may raise differs, and exceptions are
// not modelled).
vop_f32_trans(w, in, [](double a) { return 1.0 / a; });
