// s_barrier_signal
barrier_signal(w, in);
