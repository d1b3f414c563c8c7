// scratch_load_b128: per-lane load of one b128 element
scratch_load<mem::b128>(w, in);
