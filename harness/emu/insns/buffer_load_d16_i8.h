// buffer_load_d16_i8: per-lane buffer load (d16_i8) with the descriptor range check.
buffer_load<mem::d16_i8>(w, in);
