// buffer_load_b128: per-lane buffer load (b128) with the descriptor range check.
buffer_load<mem::b128>(w, in);
