// global_load_b128: per-lane load of one b128 element
global_load<mem::b128>(w, in);
