// s_bitset0_b64: D[S0[5:0]] = 0 (64-bit D), the other bits kept.
SDST64(sread64(w, in.dst) & ~(uint64_t(1) << (S0 & 63)));
