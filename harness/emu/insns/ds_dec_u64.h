// ds_dec_u64: LDS read-modify-write per lane (dec_u64).
ds_atomic<atom::dec_u64>(w, in);
