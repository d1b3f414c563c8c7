// buffer_atomic_min_num_f32: per-lane read-modify-write (min_num_f32) inside the buffer range; the old value when TH_ATOMIC_RETURN is set.
buffer_atomic<atom::min_num_f32>(w, in);
