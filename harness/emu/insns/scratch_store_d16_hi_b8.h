// scratch_store_d16_hi_b8
vmem_store(w, in, Space::Scratch, 3, 1);
