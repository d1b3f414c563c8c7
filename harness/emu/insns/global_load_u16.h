// global_load_u16: per-lane load of one u16 element (zero-extended)
global_load<mem::u16>(w, in);
