// buffer_load_i16: per-lane buffer load (i16) with the descriptor range check.
buffer_load<mem::i16>(w, in);
