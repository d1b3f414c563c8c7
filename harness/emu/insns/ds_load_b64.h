// ds_load_b64: per-lane LDS load (b64).
ds_load<mem::b64>(w, in);
