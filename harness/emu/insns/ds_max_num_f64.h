// ds_max_num_f64: LDS read-modify-write per lane (max_num_f64).
ds_atomic<atom::max_num_f64>(w, in);
