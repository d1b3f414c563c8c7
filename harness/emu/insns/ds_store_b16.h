// ds_store_b16
ds_store(w, in, 2, 1);
