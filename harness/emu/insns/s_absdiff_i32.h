// s_absdiff_i32: D = |S0 - S1| with the difference taken modulo 2^32 (as the
// pseudocode's 32-bit D0.i32 = S0 - S1); SCC = D != 0.
int32_t d = int32_t(S0 - S1); uint32_t r = d < 0 ? 0u - uint32_t(d) : uint32_t(d); SDST(r); SCC = r != 0;
