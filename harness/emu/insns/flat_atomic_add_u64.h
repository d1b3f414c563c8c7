// flat_atomic_add_u64: per-lane read-modify-write (add_u64); the old value when TH_ATOMIC_RETURN is set.
flat_atomic<atom::add_u64>(w, in);
