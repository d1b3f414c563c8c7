// s_mul_hi_i32
SDST(uint64_t(int64_t(int32_t(S0)) * int32_t(S1)) >> 32);
