// ds_load_i8_d16: per-lane LDS load (d16_i8).
ds_load<mem::d16_i8>(w, in);
