// ds_store_2addr_stride64_b64: two b64 elements at vaddr + offset0 / offset1 * 512 bytes.
ds_store_2addr<mem::b64, 64>(w, in);
