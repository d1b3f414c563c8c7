// buffer_atomic_min_i64: per-lane read-modify-write (min_i64) inside the buffer range; the old value when TH_ATOMIC_RETURN is set.
buffer_atomic<atom::min_i64>(w, in);
