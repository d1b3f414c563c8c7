// s_sext_i32_i16
SDST(int32_t(int16_t(S0)));
