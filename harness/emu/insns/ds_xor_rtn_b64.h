// ds_xor_rtn_b64: LDS read-modify-write per lane (xor_b64); returns the old value.
ds_atomic<atom::xor_b64>(w, in);
