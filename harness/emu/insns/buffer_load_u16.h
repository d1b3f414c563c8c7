// buffer_load_u16: per-lane buffer load (u16) with the descriptor range check.
buffer_load<mem::u16>(w, in);
