// s_min_num_f16: minimumNumber on the f16 in bits [15:0] (salu.h s_minmax_f16).
s_minmax_f16<false, false>(w, in);
