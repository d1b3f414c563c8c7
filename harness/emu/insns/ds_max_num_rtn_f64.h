// ds_max_num_rtn_f64: LDS read-modify-write per lane (max_num_f64); returns the old value.
ds_atomic<atom::max_num_f64>(w, in);
