// ds_rsub_u32: LDS read-modify-write per lane (rsub_u32).
ds_atomic<atom::rsub_u32>(w, in);
