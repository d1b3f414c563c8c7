// s_bfm_b32: bitfield mask, width S0[4:0] at offset S1[4:0].
SDST(((1u << (S0 & 31)) - 1) << (S1 & 31));
