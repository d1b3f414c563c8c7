// scratch_load_i16
vmem_load(w, in, Space::Scratch, 4, 1);
