// s_max_u32: SCC = S0 >= S1 (unsigned; equal operands set SCC); D = SCC ? S0 : S1.
uint32_t a = S0, b = S1; SCC = a >= b; SDST(SCC ? a : b);
