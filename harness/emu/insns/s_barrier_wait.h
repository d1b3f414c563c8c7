// s_barrier_wait
barrier_wait(w, in);
