// buffer_store_d16_hi_b8: per-lane buffer store (d16_hi_b8) with the descriptor range check.
buffer_store<mem::d16_hi_b8>(w, in);
