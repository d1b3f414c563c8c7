// scratch_load_b32
vmem_load(w, in, Space::Scratch, 0, 1);
