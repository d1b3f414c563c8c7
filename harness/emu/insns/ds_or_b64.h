// ds_or_b64: LDS read-modify-write per lane (or_b64).
ds_atomic<atom::or_b64>(w, in);
