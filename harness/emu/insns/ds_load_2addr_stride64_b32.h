// ds_load_2addr_stride64_b32
ds_load_2addr(w, in, 1, 64);
