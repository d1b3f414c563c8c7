// s_min_num_f32: IEEE 754-2019 minimumNumber (salu.h s_minmax_f32).
s_minmax_f32<false, false>(w, in);
