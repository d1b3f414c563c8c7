// flat_atomic_max_u64: per-lane read-modify-write (max_u64); the old value when TH_ATOMIC_RETURN is set.
flat_atomic<atom::max_u64>(w, in);
