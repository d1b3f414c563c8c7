// flat_store_b16
vmem_store(w, in, Space::Flat, 2, 1);
