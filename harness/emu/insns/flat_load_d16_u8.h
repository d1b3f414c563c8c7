// flat_load_d16_u8
vmem_load(w, in, Space::Flat, 7, 1);
