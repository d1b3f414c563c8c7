// flat_store_b96: per-lane store of one b96 element
flat_store<mem::b96>(w, in);
