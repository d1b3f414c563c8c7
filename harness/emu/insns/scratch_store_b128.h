// scratch_store_b128
vmem_store(w, in, Space::Scratch, 0, 4);
