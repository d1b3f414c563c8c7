// s_and_not1_wrexec_b64: EXEC = S0 & ~EXEC; D = the new EXEC; SCC = EXEC != 0 (salu.h).
s_wrexec_b64(w, in, [](uint64_t s0, uint64_t e) { return uint64_t(s0 & ~e); });
