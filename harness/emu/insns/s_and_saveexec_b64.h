// s_and_saveexec_b64: D = EXEC; EXEC = S0 & EXEC (semantics.h s_saveexec_b64).
s_saveexec_b64(w, in, [](uint64_t s0, uint64_t e) { return s0 & e; });
