// buffer_load_d16_b16: per-lane buffer load (d16_b16) with the descriptor range check.
buffer_load<mem::d16_b16>(w, in);
