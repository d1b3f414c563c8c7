// buffer_atomic_max_i32: per-lane read-modify-write (max_i32) inside the buffer range; the old value when TH_ATOMIC_RETURN is set.
buffer_atomic<atom::max_i32>(w, in);
