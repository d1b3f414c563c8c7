// flat_store_d16_hi_b8
vmem_store(w, in, Space::Flat, 3, 1);
