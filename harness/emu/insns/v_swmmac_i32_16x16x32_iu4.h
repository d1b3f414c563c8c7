// v_swmmac_i32_16x16x32_iu4: SWMMAC: D = C + sparse(A, index) x B via rdna4emu::wmma::sparse.
exec_swmmac(w, in, 5);  // wmma::Sparse, opcode 0x55
