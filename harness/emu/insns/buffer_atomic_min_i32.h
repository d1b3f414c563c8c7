// buffer_atomic_min_i32: per-lane read-modify-write (min_i32) inside the buffer range; the old value when TH_ATOMIC_RETURN is set.
buffer_atomic<atom::min_i32>(w, in);
