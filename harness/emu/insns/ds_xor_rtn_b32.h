// ds_xor_rtn_b32: LDS read-modify-write per lane (xor_b32); returns the old value.
ds_atomic<atom::xor_b32>(w, in);
