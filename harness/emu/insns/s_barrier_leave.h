// s_barrier_leave: removes the wave from the workgroup barrier's members. Not emulated.
not_supported(w, in, "s_barrier_leave: leaving a barrier is not emulated");
