// global_load_u8
vmem_load(w, in, Space::Global, 1, 1);
