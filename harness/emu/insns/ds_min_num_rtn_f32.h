// ds_min_num_rtn_f32: LDS read-modify-write per lane (min_num_f32); returns the old value.
ds_atomic<atom::min_num_f32>(w, in);
