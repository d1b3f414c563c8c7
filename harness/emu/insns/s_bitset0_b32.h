// s_bitset0_b32: D[S0[4:0]] = 0, the other bits of D kept.
SDST(sread(w, in.dst) & ~(1u << (S0 & 31)));
