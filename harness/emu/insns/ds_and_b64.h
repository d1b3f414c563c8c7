// ds_and_b64: LDS read-modify-write per lane (and_b64).
ds_atomic<atom::and_b64>(w, in);
