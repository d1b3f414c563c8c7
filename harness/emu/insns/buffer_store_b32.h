// buffer_store_b32: per-lane buffer store (b32) with the descriptor range check.
buffer_store<mem::b32>(w, in);
