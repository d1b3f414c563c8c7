// flat_store_b16: per-lane store of one b16 element
flat_store<mem::b16>(w, in);
