// v_wmma_i32_16x16x32_iu4: Dense WMMA: D = A x B + C via rdna4emu::wmma::dense (harness/emu/wmma).
exec_wmma(w, in, 10);  // wmma::Dense, opcode 0x4a
