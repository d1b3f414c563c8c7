// v_swmmac_f32_16x16x32_fp8_bf8: SWMMAC: D = C + sparse(A, index) x B via rdna4emu::wmma::sparse.
exec_swmmac(w, in, 8);  // wmma::Sparse, opcode 0x58
