// ds_load_2addr_b64
ds_load_2addr(w, in, 2, 1);
