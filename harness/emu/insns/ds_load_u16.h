// ds_load_u16: per-lane LDS load (u16).
ds_load<mem::u16>(w, in);
