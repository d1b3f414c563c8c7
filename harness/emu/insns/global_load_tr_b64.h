// global_load_tr_b64: transpose load; lane-to-element mapping in rdna4emu::wmma::transpose_load (UNVERIFIED, see harness/emu/wmma/README.md).
exec_transpose_load(w, in, false);
