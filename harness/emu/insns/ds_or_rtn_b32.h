// ds_or_rtn_b32: LDS read-modify-write per lane (or_b32); returns the old value.
ds_atomic<atom::or_b32>(w, in);
