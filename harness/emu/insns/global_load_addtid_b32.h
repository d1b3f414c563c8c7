// global_load_addtid_b32: lane l loads the dword at saddr + offset + 4 * l.
global_addtid(w, in, false);
