// ds_storexchg_rtn_b64: LDS read-modify-write per lane (swap_b64); returns the old value.
ds_atomic<atom::swap_b64>(w, in);
