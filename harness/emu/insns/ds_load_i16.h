// ds_load_i16: per-lane LDS load (i16).
ds_load<mem::i16>(w, in);
