// ds_or_rtn_b64: LDS read-modify-write per lane (or_b64); returns the old value.
ds_atomic<atom::or_b64>(w, in);
