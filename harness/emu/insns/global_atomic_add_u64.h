// global_atomic_add_u64: per-lane read-modify-write (add_u64); the old value when TH_ATOMIC_RETURN is set.
global_atomic<atom::add_u64>(w, in);
