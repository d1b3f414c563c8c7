// global_load_i8: per-lane load of one i8 element (sign-extended)
global_load<mem::i8>(w, in);
