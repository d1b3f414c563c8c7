// scratch_store_b96
vmem_store(w, in, Space::Scratch, 0, 3);
