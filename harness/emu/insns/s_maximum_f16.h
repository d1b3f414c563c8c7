// s_maximum_f16: maximum on the f16 in bits [15:0] (salu.h s_minmax_f16).
s_minmax_f16<true, true>(w, in);
