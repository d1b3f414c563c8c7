// global_load_b64
vmem_load(w, in, Space::Global, 0, 2);
