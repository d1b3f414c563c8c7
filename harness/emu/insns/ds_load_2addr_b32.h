// ds_load_2addr_b32: Two dwords at addr + offset0*4 and addr + offset1*4.
ds_load_2addr(w, in, 1, 1);
