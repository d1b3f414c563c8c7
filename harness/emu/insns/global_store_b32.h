// global_store_b32: per-lane store of one b32 element
global_store<mem::b32>(w, in);
