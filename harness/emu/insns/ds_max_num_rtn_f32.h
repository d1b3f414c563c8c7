// ds_max_num_rtn_f32: LDS read-modify-write per lane (max_num_f32); returns the old value.
ds_atomic<atom::max_num_f32>(w, in);
