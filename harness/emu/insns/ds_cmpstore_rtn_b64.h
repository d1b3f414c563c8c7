// ds_cmpstore_rtn_b64: LDS read-modify-write per lane (cmpswap_b64); returns the old value.
ds_atomic<atom::cmpswap_b64>(w, in);
