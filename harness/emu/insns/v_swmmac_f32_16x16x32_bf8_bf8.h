// v_swmmac_f32_16x16x32_bf8_bf8: SWMMAC: D = C + sparse(A, index) x B via rdna4emu::wmma::sparse.
exec_swmmac(w, in, 10);  // wmma::Sparse, opcode 0x5a
