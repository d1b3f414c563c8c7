// s_mul_hi_u32
SDST((uint64_t(S0) * S1) >> 32);
