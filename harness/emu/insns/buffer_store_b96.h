// buffer_store_b96: per-lane buffer store (b96) with the descriptor range check.
buffer_store<mem::b96>(w, in);
