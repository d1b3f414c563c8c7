// s_minimum_f16: minimum on the f16 in bits [15:0] (salu.h s_minmax_f16).
s_minmax_f16<false, true>(w, in);
