// ds_load_b64
ds_load(w, in, 0, 2);
