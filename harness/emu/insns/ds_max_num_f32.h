// ds_max_num_f32: LDS read-modify-write per lane (max_num_f32).
ds_atomic<atom::max_num_f32>(w, in);
