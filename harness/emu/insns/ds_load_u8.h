// ds_load_u8
ds_load(w, in, 1, 1);
