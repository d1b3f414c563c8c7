// s_sleep: waits for simm16 * 64 clocks. Exact as a no-op: the emulator has no
// clock, and a sleeping wave changes no architectural state.
