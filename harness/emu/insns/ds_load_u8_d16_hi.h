// ds_load_u8_d16_hi: per-lane LDS load (d16_hi_u8).
ds_load<mem::d16_hi_u8>(w, in);
