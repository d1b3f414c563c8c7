// buffer_store_b8: per-lane buffer store (b8) with the descriptor range check.
buffer_store<mem::b8>(w, in);
