// ds_add_rtn_f32: LDS read-modify-write per lane (add_f32); returns the old value.
ds_atomic<atom::add_f32>(w, in);
