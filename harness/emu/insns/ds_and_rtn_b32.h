// ds_and_rtn_b32: LDS read-modify-write per lane (and_b32); returns the old value.
ds_atomic<atom::and_b32>(w, in);
