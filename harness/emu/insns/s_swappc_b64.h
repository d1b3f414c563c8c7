// s_swappc_b64: D = address of the next instruction; jump to S0 (function call).
uint64_t target = S0_64;
SDST64(w.L->code_base + uint64_t(int64_t(int32_t(in.pc))) + 4);
jump_to(w, in, target);
