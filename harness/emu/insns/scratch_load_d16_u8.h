// scratch_load_d16_u8
vmem_load(w, in, Space::Scratch, 7, 1);
