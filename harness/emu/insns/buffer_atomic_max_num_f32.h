// buffer_atomic_max_num_f32: per-lane read-modify-write (max_num_f32) inside the buffer range; the old value when TH_ATOMIC_RETURN is set.
buffer_atomic<atom::max_num_f32>(w, in);
