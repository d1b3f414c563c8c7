// ds_storexchg_2addr_rtn_b64: exchanges the qwords at vaddr + offset0 * 8 and offset1 * 8 with data0 and data1; returns both old qwords.
ds_storexchg_2addr<mem::b64, 1>(w, in);
