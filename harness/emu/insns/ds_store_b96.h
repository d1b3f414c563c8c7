// ds_store_b96: per-lane LDS store (b96).
ds_store<mem::b96>(w, in);
