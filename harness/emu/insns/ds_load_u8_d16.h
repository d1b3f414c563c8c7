// ds_load_u8_d16: per-lane LDS load (d16_u8).
ds_load<mem::d16_u8>(w, in);
