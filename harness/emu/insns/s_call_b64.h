// s_call_b64: D = address of the next instruction; PC = PC + 4 + simm16 * 4.
SDST64(w.L->code_base + uint64_t(int64_t(int32_t(in.pc))) + 4);
branch(w, in);
