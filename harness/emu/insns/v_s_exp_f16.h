// v_s_exp_f16: v_exp_f16 of S0[15:0] into SGPR[15:0]; SGPR[31:16] = 0 (same model: scalar_trans_f16).
s_trans_f16(w, in, [](double x) { return exp2_model(x); });
