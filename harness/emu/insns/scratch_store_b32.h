// scratch_store_b32
vmem_store(w, in, Space::Scratch, 0, 1);
