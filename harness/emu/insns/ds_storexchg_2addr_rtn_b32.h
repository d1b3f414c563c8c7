// ds_storexchg_2addr_rtn_b32: exchanges the dwords at vaddr + offset0 * 4 and offset1 * 4 with data0 and data1; returns both old dwords.
ds_storexchg_2addr<mem::b32, 1>(w, in);
