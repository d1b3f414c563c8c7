// global_store_b128
vmem_store(w, in, Space::Global, 0, 4);
