// flat_store_b128: per-lane store of one b128 element
flat_store<mem::b128>(w, in);
