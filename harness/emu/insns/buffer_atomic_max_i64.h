// buffer_atomic_max_i64: per-lane read-modify-write (max_i64) inside the buffer range; the old value when TH_ATOMIC_RETURN is set.
buffer_atomic<atom::max_i64>(w, in);
