// global_load_b96
vmem_load(w, in, Space::Global, 0, 3);
