// v_swmmac_f16_16x16x32_f16: SWMMAC: D = C + sparse(A, index) x B via rdna4emu::wmma::sparse.
exec_swmmac(w, in, 2);  // wmma::Sparse, opcode 0x52
