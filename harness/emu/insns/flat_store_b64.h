// flat_store_b64
vmem_store(w, in, Space::Flat, 0, 2);
