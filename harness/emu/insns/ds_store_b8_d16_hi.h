// ds_store_b8_d16_hi: per-lane LDS store (d16_hi_b8).
ds_store<mem::d16_hi_b8>(w, in);
