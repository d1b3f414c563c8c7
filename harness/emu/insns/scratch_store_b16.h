// scratch_store_b16: per-lane store of one b16 element
scratch_store<mem::b16>(w, in);
