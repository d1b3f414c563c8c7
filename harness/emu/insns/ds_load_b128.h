// ds_load_b128
ds_load(w, in, 0, 4);
