// flat_load_b128: per-lane load of one b128 element
flat_load<mem::b128>(w, in);
