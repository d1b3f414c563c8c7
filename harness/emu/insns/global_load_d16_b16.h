// global_load_d16_b16
vmem_load(w, in, Space::Global, 5, 1);
