// buffer_load_b96: per-lane buffer load (b96) with the descriptor range check.
buffer_load<mem::b96>(w, in);
