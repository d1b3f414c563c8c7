// scratch_store_b64
vmem_store(w, in, Space::Scratch, 0, 2);
