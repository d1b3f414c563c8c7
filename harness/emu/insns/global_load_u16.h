// global_load_u16
vmem_load(w, in, Space::Global, 3, 1);
