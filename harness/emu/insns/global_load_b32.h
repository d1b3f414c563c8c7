// global_load_b32
vmem_load(w, in, Space::Global, 0, 1);
