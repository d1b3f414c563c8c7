// s_cmov_b64
if (SCC) SDST64(S0_64);
