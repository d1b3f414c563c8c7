// s_load_b128
smem_load(w, in, 0, 4);
