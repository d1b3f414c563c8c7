// flat_store_b128
vmem_store(w, in, Space::Flat, 0, 4);
