// flat_load_b128
vmem_load(w, in, Space::Flat, 0, 4);
