// ds_or_b32: LDS read-modify-write per lane (or_b32).
ds_atomic<atom::or_b32>(w, in);
