// scratch_store_b96: per-lane store of one b96 element
scratch_store<mem::b96>(w, in);
