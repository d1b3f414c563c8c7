// s_waitcnt: the older combined counter wait (LLVM still decodes it for gfx12).
// Exact as a no-op: the emulator completes every memory instruction before the next
// one issues (the scoreboard does not treat it as a wait; use s_wait_*cnt).
