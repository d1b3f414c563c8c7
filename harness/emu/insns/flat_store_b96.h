// flat_store_b96
vmem_store(w, in, Space::Flat, 0, 3);
