// s_load_i16
smem_load(w, in, 4, 1);
