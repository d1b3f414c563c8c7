// ds_cmpstore_rtn_b32: LDS read-modify-write per lane (cmpswap_b32); returns the old value.
ds_atomic<atom::cmpswap_b32>(w, in);
