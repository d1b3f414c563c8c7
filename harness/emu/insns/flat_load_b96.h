// flat_load_b96
vmem_load(w, in, Space::Flat, 0, 3);
