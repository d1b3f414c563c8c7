// ds_load_u16
ds_load(w, in, 3, 1);
