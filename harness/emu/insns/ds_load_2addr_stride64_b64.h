// ds_load_2addr_stride64_b64
ds_load_2addr(w, in, 2, 64);
