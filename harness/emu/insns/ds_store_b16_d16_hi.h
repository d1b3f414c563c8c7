// ds_store_b16_d16_hi: per-lane LDS store (d16_hi_b16).
ds_store<mem::d16_hi_b16>(w, in);
