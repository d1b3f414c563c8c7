// flat_store_b64: per-lane store of one b64 element
flat_store<mem::b64>(w, in);
