// scratch_load_u8: per-lane load of one u8 element (zero-extended)
scratch_load<mem::u8>(w, in);
