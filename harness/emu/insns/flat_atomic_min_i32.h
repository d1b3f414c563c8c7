// flat_atomic_min_i32: per-lane read-modify-write (min_i32); the old value when TH_ATOMIC_RETURN is set.
flat_atomic<atom::min_i32>(w, in);
