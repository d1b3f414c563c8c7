// s_load_b96
smem_load(w, in, 0, 3);
