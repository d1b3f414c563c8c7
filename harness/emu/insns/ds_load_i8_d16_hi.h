// ds_load_i8_d16_hi: per-lane LDS load (d16_hi_i8).
ds_load<mem::d16_hi_i8>(w, in);
