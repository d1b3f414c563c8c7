// s_pack_hh_b32_b16: D = {S1[31:16], S0[31:16]}
SDST((S0 >> 16) | (S1 & 0xffff0000u));
