// buffer_load_b32: per-lane buffer load (b32) with the descriptor range check.
buffer_load<mem::b32>(w, in);
