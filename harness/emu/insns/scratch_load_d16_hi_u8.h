// scratch_load_d16_hi_u8
vmem_load(w, in, Space::Scratch, 9, 1);
