// s_pack_ll_b32_b16: D = {S1[15:0], S0[15:0]}
SDST((S0 & 0xffffu) | (S1 << 16));
