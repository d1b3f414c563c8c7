// ds_load_2addr_b32: two b32 elements at vaddr + offset0 / offset1 * 4 bytes.
ds_load_2addr<mem::b32, 1>(w, in);
