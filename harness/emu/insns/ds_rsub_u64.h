// ds_rsub_u64: LDS read-modify-write per lane (rsub_u64).
ds_atomic<atom::rsub_u64>(w, in);
