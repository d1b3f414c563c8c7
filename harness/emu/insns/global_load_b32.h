// global_load_b32: per-lane load of one b32 element
global_load<mem::b32>(w, in);
