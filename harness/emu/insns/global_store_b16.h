// global_store_b16
vmem_store(w, in, Space::Global, 2, 1);
