// ds_store_b64
ds_store(w, in, 0, 2);
