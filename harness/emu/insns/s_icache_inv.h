// s_icache_inv: invalidates the instruction cache. Exact as a no-op: the emulator
// executes the decoded code object, which no instruction can modify.
