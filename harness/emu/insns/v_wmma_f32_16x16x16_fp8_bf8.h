// v_wmma_f32_16x16x16_fp8_bf8: Dense WMMA: D = A x B + C via rdna4emu::wmma::dense (harness/emu/wmma).
exec_wmma(w, in, 7);  // wmma::Dense, opcode 0x47
