// ds_add_f32: LDS read-modify-write per lane (add_f32).
ds_atomic<atom::add_f32>(w, in);
