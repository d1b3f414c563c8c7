// s_wait_event: waits for an event outside the wave (export space). Exact as a
// no-op: no emulated event is ever pending for a compute wave.
