// global_load_d16_u8
vmem_load(w, in, Space::Global, 7, 1);
