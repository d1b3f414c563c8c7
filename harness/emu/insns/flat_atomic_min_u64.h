// flat_atomic_min_u64: per-lane read-modify-write (min_u64); the old value when TH_ATOMIC_RETURN is set.
flat_atomic<atom::min_u64>(w, in);
