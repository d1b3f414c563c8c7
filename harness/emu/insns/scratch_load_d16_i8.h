// scratch_load_d16_i8
vmem_load(w, in, Space::Scratch, 8, 1);
