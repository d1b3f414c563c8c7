// ds_and_rtn_b64: LDS read-modify-write per lane (and_b64); returns the old value.
ds_atomic<atom::and_b64>(w, in);
