// scratch_load_i8
vmem_load(w, in, Space::Scratch, 2, 1);
