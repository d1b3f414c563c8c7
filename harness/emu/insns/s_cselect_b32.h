// s_cselect_b32
SDST(SCC ? S0 : S1);
