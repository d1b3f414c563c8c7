// ds_load_b128: per-lane LDS load (b128).
ds_load<mem::b128>(w, in);
