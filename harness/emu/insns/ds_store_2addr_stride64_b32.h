// ds_store_2addr_stride64_b32
ds_store_2addr(w, in, 1, 64);
