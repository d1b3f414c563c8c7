// s_cmov_b32
if (SCC) SDST(S0);
