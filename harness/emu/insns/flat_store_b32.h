// flat_store_b32
vmem_store(w, in, Space::Flat, 0, 1);
