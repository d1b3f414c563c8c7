// ds_pk_add_rtn_bf16: LDS read-modify-write per lane (pk_add_bf16); returns the old value.
ds_atomic<atom::pk_add_bf16>(w, in);
