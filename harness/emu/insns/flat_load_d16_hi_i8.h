// flat_load_d16_hi_i8
vmem_load(w, in, Space::Flat, 10, 1);
