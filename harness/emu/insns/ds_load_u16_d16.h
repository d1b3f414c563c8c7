// ds_load_u16_d16: per-lane LDS load (d16_b16).
ds_load<mem::d16_b16>(w, in);
