// global_load_d16_i8
vmem_load(w, in, Space::Global, 8, 1);
