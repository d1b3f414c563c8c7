// flat_store_d16_hi_b16
vmem_store(w, in, Space::Flat, 4, 1);
