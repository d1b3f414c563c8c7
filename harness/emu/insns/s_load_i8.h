// s_load_i8
smem_load(w, in, 2, 1);
