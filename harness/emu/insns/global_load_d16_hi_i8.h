// global_load_d16_hi_i8
vmem_load(w, in, Space::Global, 10, 1);
