// ds_store_b128: per-lane LDS store (b128).
ds_store<mem::b128>(w, in);
