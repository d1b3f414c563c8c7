// v_s_rcp_f32: v_rcp_f32 of the scalar S0 into an SGPR (same model: scalar_trans_f32).
s_trans_f32(w, in, [](double x) { return 1.0 / x; });
