// ds_storexchg_rtn_b32: LDS read-modify-write per lane (swap_b32); returns the old value.
ds_atomic<atom::swap_b32>(w, in);
