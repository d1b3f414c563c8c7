// ds_load_b32
ds_load(w, in, 0, 1);
