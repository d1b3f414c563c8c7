// s_max_num_f32: IEEE 754-2019 maximumNumber (salu.h s_minmax_f32).
s_minmax_f32<true, false>(w, in);
