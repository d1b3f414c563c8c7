// ds_store_b8: per-lane LDS store (b8).
ds_store<mem::b8>(w, in);
