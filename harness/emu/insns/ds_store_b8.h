// ds_store_b8
ds_store(w, in, 1, 1);
