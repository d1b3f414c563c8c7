// ds_xor_b64: LDS read-modify-write per lane (xor_b64).
ds_atomic<atom::xor_b64>(w, in);
