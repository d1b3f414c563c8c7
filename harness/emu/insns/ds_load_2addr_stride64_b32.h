// ds_load_2addr_stride64_b32: two b32 elements at vaddr + offset0 / offset1 * 256 bytes.
ds_load_2addr<mem::b32, 64>(w, in);
