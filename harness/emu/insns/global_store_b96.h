// global_store_b96
vmem_store(w, in, Space::Global, 0, 3);
