// s_load_b64
smem_load(w, in, 0, 2);
