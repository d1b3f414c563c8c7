// s_sleep: waits for simm16 * 64 clocks. The emulator has no clock and a sleeping
// wave changes no architectural state, so the wait itself is empty; but the wave
// gives up the host thread (StopReason::Yield) so that the other waves of its
// workgroup, and of a cooperative launch every other workgroup, run before it goes
// on. That is what a spin loop with s_sleep waits for (a grid barrier, a flag).
w.stop = StopReason::Yield;
