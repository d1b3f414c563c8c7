// scratch_load_b128
vmem_load(w, in, Space::Scratch, 0, 4);
