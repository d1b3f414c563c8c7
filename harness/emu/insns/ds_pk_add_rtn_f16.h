// ds_pk_add_rtn_f16: LDS read-modify-write per lane (pk_add_f16); returns the old value.
ds_atomic<atom::pk_add_f16>(w, in);
