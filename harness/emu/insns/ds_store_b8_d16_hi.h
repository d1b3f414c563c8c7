// ds_store_b8_d16_hi
ds_store(w, in, 3, 1);
