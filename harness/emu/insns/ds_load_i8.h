// ds_load_i8
ds_load(w, in, 2, 1);
