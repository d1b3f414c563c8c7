// flat_atomic_max_i64: per-lane read-modify-write (max_i64); the old value when TH_ATOMIC_RETURN is set.
flat_atomic<atom::max_i64>(w, in);
