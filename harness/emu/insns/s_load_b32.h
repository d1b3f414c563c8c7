// s_load_b32
smem_load(w, in, 0, 1);
