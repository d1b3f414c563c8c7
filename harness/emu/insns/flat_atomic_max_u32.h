// flat_atomic_max_u32: per-lane read-modify-write (max_u32); the old value when TH_ATOMIC_RETURN is set.
flat_atomic<atom::max_u32>(w, in);
