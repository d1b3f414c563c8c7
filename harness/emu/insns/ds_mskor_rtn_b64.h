// ds_mskor_rtn_b64: LDS read-modify-write per lane (mskor_b64); returns the old value.
ds_atomic<atom::mskor_b64>(w, in);
