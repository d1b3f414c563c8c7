// ds_cond_sub_rtn_u32: LDS read-modify-write per lane (cond_sub_u32); returns the old value.
ds_atomic<atom::cond_sub_u32>(w, in);
