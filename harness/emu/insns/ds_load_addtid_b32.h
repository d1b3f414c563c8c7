// ds_load_addtid_b32: lane l loads the dword at offset + M0[15:0] + 4 * l.
ds_addtid(w, in, false);
