// s_sext_i32_i8
SDST(int32_t(int8_t(S0)));
