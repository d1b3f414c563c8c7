// s_cselect_b64
SDST64(SCC ? S0_64 : S1_64);
