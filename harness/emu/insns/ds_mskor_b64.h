// ds_mskor_b64: LDS read-modify-write per lane (mskor_b64).
ds_atomic<atom::mskor_b64>(w, in);
