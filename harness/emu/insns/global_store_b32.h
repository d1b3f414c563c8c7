// global_store_b32
vmem_store(w, in, Space::Global, 0, 1);
