// scratch_load_u8
vmem_load(w, in, Space::Scratch, 1, 1);
