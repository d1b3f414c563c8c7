// s_nor_saveexec_b32: D = EXEC_LO; EXEC_LO = ~(S0 | EXEC_LO); SCC = EXEC_LO != 0 (semantics.h s_saveexec_b32).
s_saveexec_b32(w, in, [](uint32_t s0, uint32_t e) { return uint32_t(~(s0 | e)); });
