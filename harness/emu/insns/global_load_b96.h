// global_load_b96: per-lane load of one b96 element
global_load<mem::b96>(w, in);
