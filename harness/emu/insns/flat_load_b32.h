// flat_load_b32: per-lane load of one b32 element
flat_load<mem::b32>(w, in);
