// buffer_load_i8: per-lane buffer load (i8) with the descriptor range check.
buffer_load<mem::i8>(w, in);
