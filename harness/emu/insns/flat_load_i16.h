// flat_load_i16
vmem_load(w, in, Space::Flat, 4, 1);
