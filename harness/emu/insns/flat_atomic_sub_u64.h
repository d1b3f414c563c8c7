// flat_atomic_sub_u64: per-lane read-modify-write (sub_u64); the old value when TH_ATOMIC_RETURN is set.
flat_atomic<atom::sub_u64>(w, in);
