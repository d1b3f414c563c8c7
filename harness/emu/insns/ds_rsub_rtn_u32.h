// ds_rsub_rtn_u32: LDS read-modify-write per lane (rsub_u32); returns the old value.
ds_atomic<atom::rsub_u32>(w, in);
