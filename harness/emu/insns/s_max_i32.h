// s_max_i32: SCC = S0 >= S1 (signed; equal operands set SCC); D = SCC ? S0 : S1.
int32_t a = int32_t(S0), b = int32_t(S1); SCC = a >= b; SDST(SCC ? a : b);
