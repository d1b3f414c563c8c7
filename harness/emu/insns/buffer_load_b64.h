// buffer_load_b64: per-lane buffer load (b64) with the descriptor range check.
buffer_load<mem::b64>(w, in);
