// s_load_b256
smem_load(w, in, 0, 8);
