// s_bitcmp0_b64: SCC = (S0[S1[5:0]] == 0) on the 64-bit S0.
SCC = ((S0_64 >> (S1 & 63)) & 1) == 0;
