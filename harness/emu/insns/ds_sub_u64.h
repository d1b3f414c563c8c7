// ds_sub_u64: LDS read-modify-write per lane (sub_u64).
ds_atomic<atom::sub_u64>(w, in);
