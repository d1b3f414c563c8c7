// s_load_b512
smem_load(w, in, 0, 16);
