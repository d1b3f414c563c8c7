// scratch_load_i16: per-lane load of one i16 element (sign-extended)
scratch_load<mem::i16>(w, in);
