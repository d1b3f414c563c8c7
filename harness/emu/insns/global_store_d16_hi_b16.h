// global_store_d16_hi_b16
vmem_store(w, in, Space::Global, 4, 1);
