// ds_store_b16_d16_hi
ds_store(w, in, 4, 1);
