// ds_xor_b32: LDS read-modify-write per lane (xor_b32).
ds_atomic<atom::xor_b32>(w, in);
