// global_load_i16
vmem_load(w, in, Space::Global, 4, 1);
