// global_atomic_min_i64: per-lane read-modify-write (min_i64); the old value when TH_ATOMIC_RETURN is set.
global_atomic<atom::min_i64>(w, in);
