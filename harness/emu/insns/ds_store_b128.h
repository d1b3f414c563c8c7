// ds_store_b128
ds_store(w, in, 0, 4);
