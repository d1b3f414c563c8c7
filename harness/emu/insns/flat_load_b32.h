// flat_load_b32
vmem_load(w, in, Space::Flat, 0, 1);
