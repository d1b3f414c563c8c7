// buffer_store_d16_hi_b16: per-lane buffer store (d16_hi_b16) with the descriptor range check.
buffer_store<mem::d16_hi_b16>(w, in);
