// s_bitset1_b32: D[S0[4:0]] = 1, the other bits of D kept.
SDST(sread(w, in.dst) | (1u << (S0 & 31)));
