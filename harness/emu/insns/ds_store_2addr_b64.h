// ds_store_2addr_b64
ds_store_2addr(w, in, 2, 1);
