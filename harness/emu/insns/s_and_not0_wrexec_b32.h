// s_and_not0_wrexec_b32: EXEC_LO = ~S0 & EXEC_LO; D = the new EXEC_LO; SCC = EXEC_LO != 0 (salu.h).
s_wrexec_b32(w, in, [](uint32_t s0, uint32_t e) { return uint32_t(~s0 & e); });
