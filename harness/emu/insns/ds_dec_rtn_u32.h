// ds_dec_rtn_u32: LDS read-modify-write per lane (dec_u32); returns the old value.
ds_atomic<atom::dec_u32>(w, in);
