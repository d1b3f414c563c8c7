// global_load_d16_hi_u8
vmem_load(w, in, Space::Global, 9, 1);
