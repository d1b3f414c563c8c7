// v_s_exp_f32: v_exp_f32 of the scalar S0 into an SGPR (same model: scalar_trans_f32).
s_trans_f32(w, in, [](double x) { return exp2_model(x); });
