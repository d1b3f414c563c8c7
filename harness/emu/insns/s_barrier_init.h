// s_barrier_init: sets up a named barrier's member count. Named barriers are not emulated.
not_supported(w, in, "s_barrier_init: named barriers are not emulated");
