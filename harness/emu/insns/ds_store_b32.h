// ds_store_b32: per-lane LDS store (b32).
ds_store<mem::b32>(w, in);
