// ds_rsub_rtn_u64: LDS read-modify-write per lane (rsub_u64); returns the old value.
ds_atomic<atom::rsub_u64>(w, in);
