// s_max_num_f16: maximumNumber on the f16 in bits [15:0] (salu.h s_minmax_f16).
s_minmax_f16<true, false>(w, in);
