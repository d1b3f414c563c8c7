// flat_load_u16
vmem_load(w, in, Space::Flat, 3, 1);
