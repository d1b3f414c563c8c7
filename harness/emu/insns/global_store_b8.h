// global_store_b8: per-lane store of one b8 element
global_store<mem::b8>(w, in);
