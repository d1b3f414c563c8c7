// flat_store_b8
vmem_store(w, in, Space::Flat, 1, 1);
