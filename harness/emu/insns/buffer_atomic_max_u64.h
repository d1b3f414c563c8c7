// buffer_atomic_max_u64: per-lane read-modify-write (max_u64) inside the buffer range; the old value when TH_ATOMIC_RETURN is set.
buffer_atomic<atom::max_u64>(w, in);
