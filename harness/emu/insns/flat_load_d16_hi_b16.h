// flat_load_d16_hi_b16
vmem_load(w, in, Space::Flat, 6, 1);
