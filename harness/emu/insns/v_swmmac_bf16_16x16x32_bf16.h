// v_swmmac_bf16_16x16x32_bf16: SWMMAC: D = C + sparse(A, index) x B via rdna4emu::wmma::sparse.
exec_swmmac(w, in, 3);  // wmma::Sparse, opcode 0x53
