// ds_load_u8: per-lane LDS load (u8).
ds_load<mem::u8>(w, in);
