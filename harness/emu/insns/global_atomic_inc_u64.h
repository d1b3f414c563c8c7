// global_atomic_inc_u64: per-lane read-modify-write (inc_u64); the old value when TH_ATOMIC_RETURN is set.
global_atomic<atom::inc_u64>(w, in);
