// ds_load_b96
ds_load(w, in, 0, 3);
