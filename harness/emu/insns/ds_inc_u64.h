// ds_inc_u64: LDS read-modify-write per lane (inc_u64).
ds_atomic<atom::inc_u64>(w, in);
