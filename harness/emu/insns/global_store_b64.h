// global_store_b64
vmem_store(w, in, Space::Global, 0, 2);
