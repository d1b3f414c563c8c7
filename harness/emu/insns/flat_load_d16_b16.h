// flat_load_d16_b16
vmem_load(w, in, Space::Flat, 5, 1);
