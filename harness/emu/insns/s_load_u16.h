// s_load_u16
smem_load(w, in, 3, 1);
