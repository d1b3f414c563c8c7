// ds_store_b16: per-lane LDS store (b16).
ds_store<mem::b16>(w, in);
