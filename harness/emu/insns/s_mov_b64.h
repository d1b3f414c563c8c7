// s_mov_b64
SDST64(S0_64);
