// s_minimum_f32: IEEE 754-2019 minimum: a NaN operand gives a NaN (salu.h s_minmax_f32).
s_minmax_f32<false, true>(w, in);
