// ds_store_2addr_b64: two b64 elements at vaddr + offset0 / offset1 * 8 bytes.
ds_store_2addr<mem::b64, 1>(w, in);
