// ds_pk_add_f16: LDS read-modify-write per lane (pk_add_f16).
ds_atomic<atom::pk_add_f16>(w, in);
