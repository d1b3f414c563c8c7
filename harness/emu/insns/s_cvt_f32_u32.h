// s_cvt_f32_u32
SDST(as_u(float(S0)));
