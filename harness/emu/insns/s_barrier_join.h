// s_barrier_join: makes the wave a member of a named barrier. Named barriers are not emulated.
not_supported(w, in, "s_barrier_join: named barriers are not emulated");
