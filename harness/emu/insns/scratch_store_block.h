// scratch_store_block: the dword at the lane's address + 4 * i gets VGPR vdata + i, for each bit i set in M0.
scratch_block(w, in, true);
