// s_or_saveexec_b32: D = EXEC_LO; EXEC_LO = S0 | EXEC_LO (semantics.h s_saveexec_b32).
s_saveexec_b32(w, in, [](uint32_t s0, uint32_t e) { return s0 | e; });
