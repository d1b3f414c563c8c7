// ds_load_b32: per-lane LDS load (b32).
ds_load<mem::b32>(w, in);
