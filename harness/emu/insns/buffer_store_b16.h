// buffer_store_b16: per-lane buffer store (b16) with the descriptor range check.
buffer_store<mem::b16>(w, in);
