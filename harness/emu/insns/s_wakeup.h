// s_wakeup: wakes the workgroup's waves sleeping in s_sleep. Exact as a no-op:
// s_sleep does not suspend an emulated wave.
