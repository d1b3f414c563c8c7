// buffer_atomic_inc_u64: per-lane read-modify-write (inc_u64) inside the buffer range; the old value when TH_ATOMIC_RETURN is set.
buffer_atomic<atom::inc_u64>(w, in);
