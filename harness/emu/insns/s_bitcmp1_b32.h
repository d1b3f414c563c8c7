// s_bitcmp1_b32
SCC = ((S0 >> (S1 & 31)) & 1) == 1;
