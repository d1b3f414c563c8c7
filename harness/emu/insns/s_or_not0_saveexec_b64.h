// s_or_not0_saveexec_b64: D = EXEC; EXEC = ~S0 | EXEC; SCC = EXEC != 0 (semantics.h s_saveexec_b64).
s_saveexec_b64(w, in, [](uint64_t s0, uint64_t e) { return uint64_t(~s0 | e); });
