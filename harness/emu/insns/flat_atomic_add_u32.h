// flat_atomic_add_u32: per-lane read-modify-write (add_u32); the old value when TH_ATOMIC_RETURN is set.
flat_atomic<atom::add_u32>(w, in);
