// ds_load_u16_d16_hi: per-lane LDS load (d16_hi_b16).
ds_load<mem::d16_hi_b16>(w, in);
