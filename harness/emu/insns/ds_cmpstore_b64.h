// ds_cmpstore_b64: LDS read-modify-write per lane (cmpswap_b64).
ds_atomic<atom::cmpswap_b64>(w, in);
