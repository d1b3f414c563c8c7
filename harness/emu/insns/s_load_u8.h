// s_load_u8
smem_load(w, in, 1, 1);
