// ds_pk_add_bf16: LDS read-modify-write per lane (pk_add_bf16).
ds_atomic<atom::pk_add_bf16>(w, in);
