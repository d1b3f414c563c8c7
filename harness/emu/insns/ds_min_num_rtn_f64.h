// ds_min_num_rtn_f64: LDS read-modify-write per lane (min_num_f64); returns the old value.
ds_atomic<atom::min_num_f64>(w, in);
