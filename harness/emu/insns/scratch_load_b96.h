// scratch_load_b96
vmem_load(w, in, Space::Scratch, 0, 3);
