// s_mov_b32
SDST(S0);
