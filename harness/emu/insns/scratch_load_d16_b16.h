// scratch_load_d16_b16
vmem_load(w, in, Space::Scratch, 5, 1);
