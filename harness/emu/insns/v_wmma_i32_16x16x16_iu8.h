// v_wmma_i32_16x16x16_iu8: Dense WMMA: D = A x B + C via rdna4emu::wmma::dense (harness/emu/wmma).
exec_wmma(w, in, 4);  // wmma::Dense, opcode 0x44
