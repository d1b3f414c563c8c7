// global_load_tr_b64: UNVERIFIED mapping (REFERENCE.md section 4), via rdna4emu::wmma::transpose_load.
exec_transpose_load(w, in, false);
