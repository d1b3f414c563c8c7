// scratch_store_b8
vmem_store(w, in, Space::Scratch, 1, 1);
