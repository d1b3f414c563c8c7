// flat_load_d16_hi_u8
vmem_load(w, in, Space::Flat, 9, 1);
