// buffer_load_u8: per-lane buffer load (u8) with the descriptor range check.
buffer_load<mem::u8>(w, in);
