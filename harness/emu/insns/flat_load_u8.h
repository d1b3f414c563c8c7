// flat_load_u8
vmem_load(w, in, Space::Flat, 1, 1);
