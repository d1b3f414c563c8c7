// scratch_load_u16
vmem_load(w, in, Space::Scratch, 3, 1);
