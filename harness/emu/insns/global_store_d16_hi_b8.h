// global_store_d16_hi_b8
vmem_store(w, in, Space::Global, 3, 1);
