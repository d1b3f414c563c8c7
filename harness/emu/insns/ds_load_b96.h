// ds_load_b96: per-lane LDS load (b96).
ds_load<mem::b96>(w, in);
