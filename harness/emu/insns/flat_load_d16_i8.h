// flat_load_d16_i8
vmem_load(w, in, Space::Flat, 8, 1);
