// scratch_store_b16
vmem_store(w, in, Space::Scratch, 2, 1);
