// global_store_b8
vmem_store(w, in, Space::Global, 1, 1);
