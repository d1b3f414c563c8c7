// v_swmmac_f32_16x16x32_bf8_fp8: SWMMAC: D = C + sparse(A, index) x B via rdna4emu::wmma::sparse.
exec_swmmac(w, in, 9);  // wmma::Sparse, opcode 0x59
