// ds_store_b64: per-lane LDS store (b64).
ds_store<mem::b64>(w, in);
