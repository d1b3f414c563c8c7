// global_store_addtid_b32: lane l stores its data at saddr + offset + 4 * l.
global_addtid(w, in, true);
