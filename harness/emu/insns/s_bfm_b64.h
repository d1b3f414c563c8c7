// s_bfm_b64: D = ((1 << S0[5:0]) - 1) << S1[5:0] (a mask of S0[5:0] ones at offset S1[5:0]).
SDST64(((uint64_t(1) << (S0 & 63)) - 1) << (S1 & 63));
