// global_load_i8
vmem_load(w, in, Space::Global, 2, 1);
