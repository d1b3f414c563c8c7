// ds_mskor_b32: LDS read-modify-write per lane (mskor_b32).
ds_atomic<atom::mskor_b32>(w, in);
