// flat_load_b64
vmem_load(w, in, Space::Flat, 0, 2);
