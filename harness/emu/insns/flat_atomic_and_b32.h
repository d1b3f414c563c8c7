// flat_atomic_and_b32: per-lane read-modify-write (and_b32); the old value when TH_ATOMIC_RETURN is set.
flat_atomic<atom::and_b32>(w, in);
