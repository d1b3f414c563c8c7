// ds_store_addtid_b32: lane l stores data0 at offset + M0[15:0] + 4 * l.
ds_addtid(w, in, true);
