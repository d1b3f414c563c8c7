// v_swmmac_f32_16x16x32_bf16: SWMMAC: D = C + sparse(A, index) x B via rdna4emu::wmma::sparse.
exec_swmmac(w, in, 1);  // wmma::Sparse, opcode 0x51
