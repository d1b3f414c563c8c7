// ds_dec_rtn_u64: LDS read-modify-write per lane (dec_u64); returns the old value.
ds_atomic<atom::dec_u64>(w, in);
