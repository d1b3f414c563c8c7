// s_pack_lh_b32_b16: D = {S1[31:16], S0[15:0]}
SDST((S0 & 0xffffu) | (S1 & 0xffff0000u));
