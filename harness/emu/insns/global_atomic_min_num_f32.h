// global_atomic_min_num_f32: per-lane read-modify-write (min_num_f32); the old value when TH_ATOMIC_RETURN is set.
global_atomic<atom::min_num_f32>(w, in);
