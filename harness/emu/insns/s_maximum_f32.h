// s_maximum_f32: IEEE 754-2019 maximum: a NaN operand gives a NaN (salu.h s_minmax_f32).
s_minmax_f32<true, true>(w, in);
