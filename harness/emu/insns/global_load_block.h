// global_load_block: VGPR vdst + i gets the dword at the lane's address + 4 * i, for each bit i set in M0.
global_block(w, in, false);
