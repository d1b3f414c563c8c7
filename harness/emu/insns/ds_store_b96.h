// ds_store_b96
ds_store(w, in, 0, 3);
