// ds_load_i8: per-lane LDS load (i8).
ds_load<mem::i8>(w, in);
