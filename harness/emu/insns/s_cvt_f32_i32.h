// s_cvt_f32_i32
SDST(as_u(float(int32_t(S0))));
