// ds_dec_u32: LDS read-modify-write per lane (dec_u32).
ds_atomic<atom::dec_u32>(w, in);
