// ds_load_i16
ds_load(w, in, 4, 1);
