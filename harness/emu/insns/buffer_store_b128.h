// buffer_store_b128: per-lane buffer store (b128) with the descriptor range check.
buffer_store<mem::b128>(w, in);
