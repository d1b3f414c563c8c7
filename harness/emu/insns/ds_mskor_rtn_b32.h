// ds_mskor_rtn_b32: LDS read-modify-write per lane (mskor_b32); returns the old value.
ds_atomic<atom::mskor_b32>(w, in);
