// s_mul_i32
SDST(S0 * S1);
