// global_load_b128
vmem_load(w, in, Space::Global, 0, 4);
