// global_atomic_sub_u64: per-lane read-modify-write (sub_u64); the old value when TH_ATOMIC_RETURN is set.
global_atomic<atom::sub_u64>(w, in);
