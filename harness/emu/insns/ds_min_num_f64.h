// ds_min_num_f64: LDS read-modify-write per lane (min_num_f64).
ds_atomic<atom::min_num_f64>(w, in);
