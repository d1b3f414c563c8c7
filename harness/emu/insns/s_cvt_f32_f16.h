// s_cvt_f32_f16: D = the f16 in S0[15:0] as f32 (exact; denormal input per the f16 field).
float a = salu_in16(w, uint16_t(S0));
SDST(as_u(std::isnan(a) ? quiet(a) : a));
