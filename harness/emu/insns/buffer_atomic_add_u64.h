// buffer_atomic_add_u64: per-lane read-modify-write (add_u64) inside the buffer range; the old value when TH_ATOMIC_RETURN is set.
buffer_atomic<atom::add_u64>(w, in);
