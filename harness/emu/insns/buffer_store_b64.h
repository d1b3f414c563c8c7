// buffer_store_b64: per-lane buffer store (b64) with the descriptor range check.
buffer_store<mem::b64>(w, in);
