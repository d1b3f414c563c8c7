// scratch_load_b64
vmem_load(w, in, Space::Scratch, 0, 2);
