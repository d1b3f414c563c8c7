// ds_cmpstore_b32: LDS read-modify-write per lane (cmpswap_b32).
ds_atomic<atom::cmpswap_b32>(w, in);
