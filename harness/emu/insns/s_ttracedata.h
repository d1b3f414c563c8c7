// s_ttracedata: writes M0 to the thread trace. Exact as a no-op: thread trace is
// off in the emulator, where the instruction has no effect on the wave.
