// global_load_b64: per-lane load of one b64 element
global_load<mem::b64>(w, in);
