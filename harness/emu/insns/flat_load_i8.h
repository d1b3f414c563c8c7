// flat_load_i8
vmem_load(w, in, Space::Flat, 2, 1);
