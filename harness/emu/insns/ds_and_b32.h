// ds_and_b32: LDS read-modify-write per lane (and_b32).
ds_atomic<atom::and_b32>(w, in);
