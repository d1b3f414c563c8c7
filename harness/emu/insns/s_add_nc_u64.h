// s_add_nc_u64
SDST64(S0_64 + S1_64);
