// v_wmma_i32_16x16x16_iu4: Dense WMMA: D = A x B + C via rdna4emu::wmma::dense (harness/emu/wmma).
exec_wmma(w, in, 5);  // wmma::Dense, opcode 0x45
