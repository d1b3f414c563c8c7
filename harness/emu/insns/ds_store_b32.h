// ds_store_b32
ds_store(w, in, 0, 1);
