// ds_store_2addr_b32
ds_store_2addr(w, in, 1, 1);
